; The Windows installer of ttt-gui (NSIS 3): the one-folder build, installed
; for the current user without administrator rights, with a Start-menu entry,
; an uninstaller in Settings > Apps, and .ttt saved games opened by the game
; with its icon.
;
;   makensis /DVERSION=0.1.0 /DDIST=dist\ttt-gui /DOUTFILE=dist\release\setup.exe build\windows\ttt-gui.nsi
;
; (On Linux the options are written -DVERSION=...; build/package.sh passes them.)
; Silent: setup.exe /S [/D=C:\folder]; uninstall.exe /S.

Unicode true
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "give the version: /DVERSION=X.Y.Z"
!endif
!ifndef DIST
  !error "give the one-folder build: /DDIST=dist\ttt-gui"
!endif
!ifndef OUTFILE
  !define OUTFILE "ttt-gui-${VERSION}-windows-amd64-setup.exe"
!endif

; The build machine's path separator (the payload paths are read there).
!ifdef NSIS_WIN32_MAKENSIS
  !define /ifndef SEP "\"
!else
  !define /ifndef SEP "/"
!endif

!define NAME "ttt-gui"
!define DISPLAY_NAME "Noxo"
!define PUBLISHER "The ttt-gui authors"
!define EXE "ttt-gui.exe"
!define PROG_ID "ttt-gui.game"
!define SUFFIX ".ttt"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${NAME}"
; makensis works in this file's folder: the paths below are relative to it, and
; DIST and OUTFILE must be absolute.
!define ICON "..${SEP}ttt_gui.ico"
; SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST): Explorer shows the new icon.
!define NOTIFY_ASSOCIATIONS "shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)"

!include "MUI2.nsh"
!include "FileFunc.nsh"

Name "${DISPLAY_NAME}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
InstallDirRegKey HKCU "Software\${NAME}" "InstallFolder"
ManifestDPIAware true
BrandingText "${DISPLAY_NAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${DISPLAY_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${DISPLAY_NAME} installer"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "MIT License"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "$(START_GAME)"

!insertmacro MUI_PAGE_LICENSE "..${SEP}..${SEP}LICENSE"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; In the language of Windows, of those the game speaks (English otherwise).
!include "languages.nsh"

; Shortcuts and folders of the current user, never of all users.
Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Install"
  SetOutPath "$INSTDIR"
  ; A new version replaces the old folder's files, never mixes with them.
  RMDir /r "$INSTDIR\_internal"
  File /r "${DIST}${SEP}*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; 0.1.0 named its shortcut after the kind of game, before the program had a name.
  Delete "$SMPROGRAMS\Tic-tac-toe.lnk"
  CreateShortcut "$SMPROGRAMS\${DISPLAY_NAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  ; .ttt saved games open in the game, shown with its icon (this user only).
  WriteRegStr HKCU "Software\Classes\${SUFFIX}" "" "${PROG_ID}"
  WriteRegStr HKCU "Software\Classes\${SUFFIX}" "Content Type" "application/x-ttt-gui-game"
  WriteRegStr HKCU "Software\Classes\${SUFFIX}\OpenWithProgids" "${PROG_ID}" ""
  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "$(SAVED_GAME)"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" '"$INSTDIR\${EXE}",0'
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\${EXE}" "%1"'
  WriteRegStr HKCU "Software\Classes\Applications\${EXE}\SupportedTypes" "${SUFFIX}" ""
  System::Call "${NOTIFY_ASSOCIATIONS}"

  ; Settings > Apps: name, version, icon, size, and the silent uninstall.
  WriteRegStr HKCU "Software\${NAME}" "InstallFolder" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${DISPLAY_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" '"$INSTDIR\${EXE}",0'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

; Settings, scores and saved games live in the user's own folders and stay.
Section "Uninstall"
  Delete "$SMPROGRAMS\${DISPLAY_NAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  ; Only the association this installer made: another program's stays.
  ReadRegStr $0 HKCU "Software\Classes\${SUFFIX}" ""
  StrCmp $0 "${PROG_ID}" 0 +2
    DeleteRegValue HKCU "Software\Classes\${SUFFIX}" ""
  DeleteRegValue HKCU "Software\Classes\${SUFFIX}" "Content Type"
  DeleteRegValue HKCU "Software\Classes\${SUFFIX}\OpenWithProgids" "${PROG_ID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\${SUFFIX}\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\${SUFFIX}"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\Applications\${EXE}"
  System::Call "${NOTIFY_ASSOCIATIONS}"

  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\${NAME}"
SectionEnd
