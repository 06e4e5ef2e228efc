// The widget manager's modules (@jupyter-widgets/base, controls, ...) look for
// their fonts beside the URL require.js gives them: point that at the copy this
// site serves itself, from whatever page and folder the site is served.
require.config({
  paths: { "@jupyter-widgets": document.documentElement.dataset.content_root + "_static/html-manager" },
});

// ipywidgets typesets a control's label with MathJax 2's MathJax.Hub.Queue, which the
// site's MathJax 3 has not (a page with both threw "Cannot read properties of
// undefined (reading 'Queue')"): whenever MathJax is set, it gets a Hub whose Queue
// typesets the label with MathJax 3's own call (once MathJax is ready).
(() => {
  let mathjax = window.MathJax;
  const withHub = (value) => {
    if (value && typeof value === "object" && !value.Hub) {
      value.Hub = { Queue: ([, , element]) => value.typesetPromise?.([element]).catch(() => {}) };
    }
    return value;
  };
  Object.defineProperty(window, "MathJax", {
    configurable: true,
    get: () => mathjax,
    set: (value) => {
      mathjax = withHub(value);
    },
  });
})();
