// An example editing tool, as a CMS would be: it shows the preview host's /preview in a frame
// and posts the page document in the textarea to it (postMessage), which validates it with the
// site's schema and renders it. It may run at another origin than the preview host: the host
// is `?preview=https://preview.example.com` (default: this page's own origin), and that host's
// PREVIEW_ORIGINS must name this page's origin. /preview answers `preview:ready`, with the
// page document when it was opened as /preview?path=…, which is how "Load" reads a page.
(function () {
  var frame = document.getElementById('preview');
  var input = document.getElementById('json');
  var path = document.getElementById('path');
  var status = document.getElementById('status');
  var timer = null;
  // Until the next `preview:ready`, its page replaces the textarea (a "Load", or the first one).
  var loading = true;
  var previewOrigin;
  try {
    previewOrigin = new URL(new URLSearchParams(window.location.search).get('preview') || window.location.origin).origin;
  } catch (err) {
    status.textContent = 'The preview host is not a URL: ' + err.message;
    return;
  }
  document.getElementById('preview-origin').textContent = previewOrigin;

  function send() {
    var page;
    if (!input.value) return;
    try {
      page = JSON.parse(input.value);
    } catch (err) {
      status.textContent = 'Not valid JSON yet: ' + err.message;
      return;
    }
    status.textContent = 'Sent to the preview.';
    // To the preview host only: a frame that navigated elsewhere never receives the draft.
    frame.contentWindow.postMessage({ type: 'preview:page', path: path.value, page: page }, previewOrigin);
  }

  function load() {
    loading = true;
    status.textContent = 'Loading ' + path.value + '…';
    frame.src = previewOrigin + '/preview?path=' + encodeURIComponent(path.value);
  }

  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(send, 300);
  });
  document.getElementById('load').addEventListener('click', load);
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== previewOrigin || !data || data.type !== 'preview:ready') return;
    if (loading) {
      loading = false;
      if (data.page) {
        input.value = JSON.stringify(data.page, null, 2);
        status.textContent = 'Loaded ' + path.value + ' from the preview host.';
      } else status.textContent = 'The preview host has no page ' + path.value + ': write one.';
    }
    send();
  });
  // A browser that cannot tell /preview who framed it gets no `preview:ready`: send on load too.
  frame.addEventListener('load', send);
  load();
})();
