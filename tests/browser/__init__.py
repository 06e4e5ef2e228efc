"""Real-browser tests: JupyterLab + Chromium + Playwright (see conftest.py)."""
