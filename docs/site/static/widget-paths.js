// The widget manager's modules (@jupyter-widgets/base, controls, ...) look for
// their fonts beside the URL require.js gives them: point that at the copy this
// site serves itself, from whatever page and folder the site is served.
require.config({
  paths: { "@jupyter-widgets": document.documentElement.dataset.content_root + "_static/html-manager" },
});
