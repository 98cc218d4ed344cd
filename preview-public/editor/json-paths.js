// Where content paths are in the editor's JSON text, for click-to-edit: the path under the
// cursor (posted to the preview as `preview:focus`) and the text of a path (where the cursor
// goes on `preview:select`). Paths are spelled as the site spells them: `blocks[3].items[1].title`.
// A plain script (no build step, no modules), so a CMS can copy the folder as it is; it reads
// text that is half typed too, as far as it is valid JSON.
(function (global) {
  'use strict';

  function formatPath(keys) {
    var out = '';
    for (var i = 0; i < keys.length; i++) {
      if (typeof keys[i] === 'number') out += '[' + keys[i] + ']';
      else out += (out === '' ? '' : '.') + keys[i];
    }
    return out;
  }

  // Every value of the text with its path: `start` is where its key begins (the value itself
  // for an array entry), `valueStart` and `end` enclose the value. A value the text breaks off
  // in ends at the end of the text.
  function spans(text) {
    var out = [];
    var i = 0;
    var LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
    function fail() {
      throw new SyntaxError('not JSON at ' + i);
    }
    function space() {
      while (i < text.length && /\s/.test(text[i])) i++;
    }
    function string() {
      var from = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) fail();
      i++;
      return JSON.parse(text.slice(from, i));
    }
    function value(keys, keyStart) {
      space();
      var span = { path: formatPath(keys), keys: keys, start: keyStart === undefined ? i : keyStart, valueStart: i, end: text.length };
      out.push(span);
      var c = text[i];
      if (c === '{' || c === '[') {
        var close = c === '{' ? '}' : ']';
        i++;
        space();
        if (text[i] === close) i++;
        else
          for (var n = 0; ; n++) {
            space();
            if (c === '{') {
              var from = i;
              if (text[i] !== '"') fail();
              var key = string();
              space();
              if (text[i] !== ':') fail();
              i++;
              value(keys.concat([key]), from);
            } else value(keys.concat([n]));
            space();
            if (text[i] === ',') i++;
            else if (text[i] === close) {
              i++;
              break;
            } else fail();
          }
      } else if (c === '"') string();
      else {
        LITERAL.lastIndex = i;
        if (!LITERAL.test(text)) fail();
        i = LITERAL.lastIndex;
      }
      span.end = i;
    }
    try {
      value([]);
    } catch (err) {
      // The spans so far: a half-typed document still has paths before the break.
    }
    return out;
  }

  // The path of the innermost value at `offset` (the cursor), or '' for none (the document itself).
  function pathAt(text, offset) {
    var found = '';
    var depth = 0;
    spans(text).forEach(function (s) {
      if (s.keys.length > depth && s.start <= offset && offset <= s.end) {
        found = s.path;
        depth = s.keys.length;
      }
    });
    return found;
  }

  // Where the value of `path` is in the text ({ start, end, container }), or null.
  function rangeOf(text, path) {
    var all = spans(text);
    for (var i = 0; i < all.length; i++) {
      var s = all[i];
      if (s.path === path && s.keys.length > 0) return { start: s.valueStart, end: s.end, container: /[[{]/.test(text[s.valueStart]) };
    }
    return null;
  }

  global.EditorJsonPaths = { pathAt: pathAt, rangeOf: rangeOf };
})(window);
