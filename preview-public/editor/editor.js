// An example editing tool, as a CMS would be: it shows the preview host's /preview in a frame
// and posts the page document in the textarea to it (postMessage), which validates it with the
// site's schema and renders it. It may run at another origin than the preview host: the host
// is `?preview=https://preview.example.com` (default: this page's own origin), and that host's
// PREVIEW_ORIGINS must name this page's origin. /preview answers `preview:ready`, with the
// page document when it was opened as /preview?path=…, which is how "Load" reads a page.
// Click-to-edit: a click on the preview (`preview:select`) puts the cursor on that field of the
// JSON, and moving the cursor here shows its block in the preview (`preview:focus`), by the
// content paths of json-paths.js.
(function () {
  var frame = document.getElementById('preview');
  var input = document.getElementById('json');
  var path = document.getElementById('path');
  var status = document.getElementById('status');
  var timer = null;
  var paths = window.EditorJsonPaths;
  // The path last shown in the preview, so it is asked for once, not on every key.
  var focused = '';
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

  // Puts the cursor on the field of `path`: a field's value selected, a block's start; and in view.
  function select(selected) {
    if (selected.page !== path.value) {
      status.textContent = 'That was on ' + selected.page + ', not the page edited here (' + path.value + ').';
      return;
    }
    var range = paths.rangeOf(input.value, selected.path);
    if (!range) {
      status.textContent = 'No ' + selected.path + ' in the page document.';
      return;
    }
    focused = selected.path;
    input.focus({ preventScroll: true });
    input.setSelectionRange(range.start, range.container ? range.start : range.end);
    var line = input.value.slice(0, range.start).split('\n').length - 1;
    var lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 19;
    input.scrollTop = Math.max(0, line * lineHeight - input.clientHeight / 3);
    status.textContent = 'Selected ' + selected.path + '.';
  }

  // Shows the block under the cursor in the preview, to the preview host only.
  function focusPreview() {
    var here = paths.pathAt(input.value, input.selectionStart);
    if (!here || here === focused) return;
    focused = here;
    frame.contentWindow.postMessage({ type: 'preview:focus', path: here }, previewOrigin);
  }

  input.addEventListener('keyup', focusPreview);
  input.addEventListener('mouseup', focusPreview);
  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(send, 300);
  });
  document.getElementById('load').addEventListener('click', load);
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== previewOrigin || !data) return;
    if (data.type === 'preview:select' && typeof data.path === 'string' && typeof data.page === 'string') {
      select(data);
      return;
    }
    if (data.type !== 'preview:ready') return;
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
