"""Sphinx configuration of the static course site (``make site``).

The pages are the committed notebooks as they are: nothing runs at build
time. Saved widget state renders with the widget manager and require.js
served from the site itself (``_static/``, copied from npm by
``docs/site/stage.py``), and MathJax too: the site makes no request
elsewhere, so it works offline and on any static host.
"""

from pathlib import Path

project = "Card Commons"
author = "Card Commons contributors"
copyright = "Card Commons contributors"

extensions = ["myst_nb"]
root_doc = "index"
exclude_patterns = ["vendor", "static", "templates", "extra", "**/.ipynb_checkpoints"]
suppress_warnings = ["myst.header"]  # the solutions number their exercises as the lessons do

nb_execution_mode = "off"  # the committed outputs are the pages
nb_ipywidgets_js = {
    "require.js": {},  # html_static_path copies vendor/ and static/ into _static/
    "widget-paths.js": {},
    "html-manager/embed-amd.js": {},
}
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3

html_theme = "sphinx_book_theme"
html_title = "Card Commons"
html_static_path = ["vendor", "static"]
html_extra_path = ["extra"] if Path("extra").is_dir() else []  # JupyterLite at lite/, when stage.py was given one
html_css_files = ["site.css"]
html_favicon = "static/favicon.svg"  # without one, the browser asks for /favicon.ico, which no page has
templates_path = ["templates"]  # the search button named by the words it shows (the theme's says only "Search")
html_copy_source = False
html_show_sourcelink = False
html_context = {"default_mode": "auto"}  # the theme's '' logs "Got invalid theme mode" on a reader's first page
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
}
mathjax_path = "mathjax/tex-mml-chtml.js"
