; The installer's languages: one for each language the game ships a catalogue
; for (English serves en_GB too), first English, the fallback. NSIS picks the
; one of the Windows display language and shows no choice; the uninstaller
; does the same. tests/system/test_installer_languages.py checks that every shipped
; catalogue has its language here and every string below is in each one.
;
; Catalogue -> NSIS language file: cs Czech, de German, en_GB English,
; es Spanish, fr French, it Italian, ja Japanese, ko Korean, nl Dutch,
; pl Polish, pt_BR PortugueseBR, ru Russian, zh_CN SimpChinese.

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Czech"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Italian"
!insertmacro MUI_LANGUAGE "Japanese"
!insertmacro MUI_LANGUAGE "Korean"
!insertmacro MUI_LANGUAGE "Dutch"
!insertmacro MUI_LANGUAGE "Polish"
!insertmacro MUI_LANGUAGE "PortugueseBR"
!insertmacro MUI_LANGUAGE "Russian"
!insertmacro MUI_LANGUAGE "SimpChinese"

; The finish page's check box that starts the game.
LangString START_GAME ${LANG_ENGLISH} "Start ${DISPLAY_NAME}"
LangString START_GAME ${LANG_CZECH} "Spustit ${DISPLAY_NAME}"
LangString START_GAME ${LANG_GERMAN} "${DISPLAY_NAME} starten"
LangString START_GAME ${LANG_SPANISH} "Iniciar ${DISPLAY_NAME}"
LangString START_GAME ${LANG_FRENCH} "Lancer ${DISPLAY_NAME}"
LangString START_GAME ${LANG_ITALIAN} "Avvia ${DISPLAY_NAME}"
LangString START_GAME ${LANG_JAPANESE} "${DISPLAY_NAME} を起動する"
LangString START_GAME ${LANG_KOREAN} "${DISPLAY_NAME} 시작"
LangString START_GAME ${LANG_DUTCH} "${DISPLAY_NAME} starten"
LangString START_GAME ${LANG_POLISH} "Uruchom ${DISPLAY_NAME}"
LangString START_GAME ${LANG_PORTUGUESEBR} "Iniciar ${DISPLAY_NAME}"
LangString START_GAME ${LANG_RUSSIAN} "Запустить ${DISPLAY_NAME}"
LangString START_GAME ${LANG_SIMPCHINESE} "启动 ${DISPLAY_NAME}"

; What Explorer calls a .ttt file (its type column, Properties).
LangString SAVED_GAME ${LANG_ENGLISH} "${DISPLAY_NAME} saved game"
LangString SAVED_GAME ${LANG_CZECH} "Uložená hra ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_GERMAN} "Gespeichertes Spiel (${DISPLAY_NAME})"
LangString SAVED_GAME ${LANG_SPANISH} "Partida guardada de ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_FRENCH} "Partie enregistrée de ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_ITALIAN} "Partita salvata di ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_JAPANESE} "${DISPLAY_NAME} の保存した対局"
LangString SAVED_GAME ${LANG_KOREAN} "${DISPLAY_NAME} 저장된 게임"
LangString SAVED_GAME ${LANG_DUTCH} "Opgeslagen spel van ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_POLISH} "Zapisana gra ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_PORTUGUESEBR} "Partida salva do ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_RUSSIAN} "Сохранённая партия ${DISPLAY_NAME}"
LangString SAVED_GAME ${LANG_SIMPCHINESE} "${DISPLAY_NAME} 保存的对局"
