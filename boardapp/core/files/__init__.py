"""Game files: saving, opening, migrations, autosave, recent files, history and reports."""
