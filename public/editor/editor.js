// An example editing tool: it posts the page document in the textarea to /preview in the frame
// (postMessage, same origin), which validates it with the site's schema and renders it.
(function () {
  var frame = document.getElementById('preview');
  var input = document.getElementById('json');
  var path = document.getElementById('path');
  var status = document.getElementById('status');
  var timer = null;

  function send() {
    var page;
    try {
      page = JSON.parse(input.value);
    } catch (err) {
      status.textContent = 'Not valid JSON yet: ' + err.message;
      return;
    }
    status.textContent = 'Sent to the preview.';
    frame.contentWindow.postMessage({ type: 'preview:page', path: path.value, page: page }, window.location.origin);
  }

  function load() {
    var url = (path.value === '/' ? '' : path.value) + '/_payload.json';
    status.textContent = 'Loading ' + path.value + '…';
    fetch(url, { headers: { accept: 'application/json' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (payload) {
        input.value = JSON.stringify(payload.page, null, 2);
        send();
      })
      .catch(function (err) {
        status.textContent = 'Could not load ' + path.value + ': ' + err.message;
      });
  }

  input.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(send, 300);
  });
  document.getElementById('load').addEventListener('click', load);
  window.addEventListener('message', function (event) {
    if (event.origin === window.location.origin && event.data && event.data.type === 'preview:ready') {
      if (input.value) send();
      else load();
    }
  });
})();
