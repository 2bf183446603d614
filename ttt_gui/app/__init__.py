"""One window's logic, Tk-free: session, jobs, presenter and its parts, view state, actions."""
