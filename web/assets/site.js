// qrforge pages: live preview, the API's errors beside their field,
// downloads and copy buttons. The page works without this file (the form
// submits with GET); the script only saves the round trip.
(function () {
  'use strict';
  kindSearch();
  var form = document.getElementById('editor');
  if (!form) return;
  var pagePath = form.getAttribute('action');
  var apiPath = form.getAttribute('data-api');
  var examplePath = form.getAttribute('data-example');
  var file = form.getAttribute('data-file');
  var base = form.getAttribute('data-base') || location.origin;
  var box = document.getElementById('preview');
  var img = document.getElementById('preview-img');
  var detail = document.getElementById('preview-detail');
  var apiURL = document.getElementById('api-url');
  var snippetHTML = document.getElementById('snippet-html');
  var snippetMarkdown = document.getElementById('snippet-markdown');
  var snippetCurl = document.getElementById('snippet-curl');
  var downloads = Array.prototype.slice.call(form.querySelectorAll('a[data-format]'));
  var copyButtons = Array.prototype.slice.call(form.querySelectorAll('button[data-copy]'));
  var content = form.querySelector('.content');
  var status = document.getElementById('status');
  // example: nothing is typed in the fields, so the preview shows the
  // kind's example and nothing offers to download or copy it.
  var example = form.classList.contains('is-example');
  var timer = 0;
  var warnedURL = ''; // the state whose warnings are shown
  // An uploaded logo cannot ride in a link: while one is chosen, previews
  // and downloads are POSTs of the same parameters with the file.
  var upload = document.getElementById('logo-upload');
  var logoFile = document.getElementById('logo-file');
  var logoClear = document.getElementById('logo-clear');
  var uploaded = null;
  var posted = 0;
  var blobURL = '';

  // encode writes a query component as Go's url.QueryEscape does, so that
  // the page and the server write the same links.
  function encode(s) {
    return encodeURIComponent(s)
      .replace(/[!'()*]/g, function (c) { return '%' + c.charCodeAt(0).toString(16).toUpperCase(); })
      .replace(/%20/g, '+');
  }
  function norm(v) { return v.trim().toLowerCase().replace(/^#/, ''); }
  function withQuery(path, pairs) {
    var q = pairs.map(function (p) { return encode(p[0]) + '=' + encode(p[1]); }).join('&');
    return q ? path + '?' + q : path;
  }

  // inFormat is the API call of pairs in a download link's format, without
  // the options that format leaves out (data-drops), which the API refuses.
  function inFormat(pairs, link) {
    var format = link.dataset.format;
    var drops = (link.dataset.drops || '').split(' ');
    pairs = pairs.filter(function (p) { return drops.indexOf(p[0]) < 0; });
    return format === 'png' ? pairs : pairs.concat([['format', format]]);
  }
  // asPNG is pairs as the preview and the score take them: the PNG's
  // call, without what only other formats draw (cmyk).
  var pngLink = form.querySelector('a[data-format="png"]');
  function asPNG(pairs) { return pngLink ? inFormat(pairs, pngLink) : pairs; }

  // state reads the form: page names for the page's link, API names for
  // the API call. Empty values and defaults are left out.
  function state() {
    var page = [], api = [], options = [], typed = false;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !el.dataset.api || el.disabled) return;
      if (uploaded && el.dataset.api === 'logo') return;
      if ((el.type === 'radio' || el.type === 'checkbox') && !el.checked) return;
      var v = el.value;
      // A text area's value has LF line breaks whatever the link had: the
      // link's own value stands while the text is unchanged.
      var was = form.querySelector('input[data-was="' + el.id + '"]');
      if (was) {
        var raw = decodeURIComponent(was.value);
        if (v === raw.replace(/\r\n?/g, '\n')) v = raw;
      }
      if (v === '') return;
      if (el.dataset.default !== undefined && norm(v) === norm(el.dataset.default)) return;
      page.push([el.name, v]);
      api.push([el.dataset.api, v]);
      if (content.contains(el)) typed = true; else options.push([el.name, v]);
    });
    return { page: page, api: api, options: options, typed: typed };
  }

  function update(now) {
    var s = state();
    var pageURL = withQuery(pagePath, s.page);
    // A changed state's warnings are the verify call's to give again. A
    // change event of the same state (a field left for a fix's button)
    // keeps them, and the button under the pointer.
    if (pageURL !== warnedURL) clearWarnings();
    warnedURL = pageURL;
    if (location.pathname + location.search !== pageURL) history.replaceState(null, '', pageURL);
    clearTimeout(timer);
    posted++; // a POST still under way is stale now
    setExample(!s.typed);
    scoreLater(s, now);
    if (example) {
      var shown = withQuery(examplePath, s.options);
      setSnippets(null);
      timer = setTimeout(function () { show(shown); }, now ? 0 : 250);
      return;
    }
    downloads.forEach(function (a) {
      a.href = withQuery(apiPath, inFormat(s.api, a));
    });
    setSnippets(s.api);
    if (uploaded) {
      timer = setTimeout(function () { showPosted(asPNG(s.api)); }, now ? 0 : 250);
      return;
    }
    var preview = withQuery(apiPath, asPNG(s.api));
    timer = setTimeout(function () { show(preview); }, now ? 0 : 250);
  }

  // Scan robustness: the verify API's score of the state shown
  // (docs/robustness.md), its weakest condition in plain words, and the
  // best of its fixes that the form can hold, as a button that applies it.
  // scored counts the requests: an answer a newer state has overtaken is
  // dropped.
  var verifyPath = form.getAttribute('data-verify');
  var kind = form.getAttribute('data-kind');
  var robust = verifyPath ? document.getElementById('robustness') : null;
  var scoreTimer = 0;
  var scored = 0;
  var fixing = null; // the changes the fix button applies
  if (robust) {
    var scoreValue = document.getElementById('score-value');
    var scoreMeter = document.getElementById('score-meter');
    var scoreStatus = document.getElementById('score-status');
    var scoreWeakest = document.getElementById('score-weakest');
    var scoreFix = document.getElementById('score-fix');
    var scoreFixApply = document.getElementById('score-fix-apply');
    var scoreFixNote = document.getElementById('score-fix-note');
    var scoreAdvice = document.getElementById('score-advice');
    robust.hidden = false;
    scoreFixApply.addEventListener('click', applyFix);
  }

  // scoreLater asks for the score of state s once the person pauses, as the
  // preview does. An example has no score of its own, and verify is a GET:
  // an uploaded logo cannot ride in its link, so it is not scored.
  function scoreLater(s, now) {
    if (!robust) return;
    clearTimeout(scoreTimer);
    var n = ++scored;
    if (example) {
      setScore(null, 'Fill in the fields to see how well your code scans.');
      return;
    }
    if (uploaded) {
      setScore(null, 'Score not available with an uploaded logo: the score is measured from a link, which cannot hold the file.');
      return;
    }
    robust.classList.add('is-loading');
    robust.setAttribute('aria-busy', 'true');
    var src = withQuery(verifyPath, (kind ? [['type', kind]] : []).concat(asPNG(s.api)));
    scoreTimer = setTimeout(function () { measure(src, n); }, now ? 0 : 400);
  }

  function measure(src, n) {
    fetch(src, { headers: { Accept: 'application/json' } }).then(function (res) {
      return res.json().then(function (body) { return { status: res.status, body: body }; });
    }).then(function (r) {
      if (n !== scored) return;
      if (r.status === 400) {
        setScore(null, 'No score until the code can be drawn: correct the marked field.');
      } else if (r.status !== 200) {
        setScore(null, 'The score could not be measured: ' + (r.body.detail || 'the API answered ' + r.status + '.'));
      } else {
        showWarnings(r.body.checks || []);
        if (!r.body.robustness) noScore(r.body);
        else showScore(r.body.robustness);
      }
    }).catch(function () {
      if (n === scored) setScore(null, 'The score could not be measured; try again.');
    });
  }

  // noScore says why a code that verify measured has no score: the checks
  // it failed, and its fix as the button when the form can hold it.
  function noScore(body) {
    var why = (body.checks || []).filter(function (c) {
      return c.status === 'fail' && c.name !== 'decode' && c.message;
    }).map(function (c) { return c.message; });
    setScore(null, 'No score: the code as drawn does not read back at all' + (why.length ? ': ' + why.join('; ') : '') + '.');
    var changes = body.fix ? fixChanges(body.fix) : null;
    if (!changes || !changes.length) return;
    fixing = { fix: { change: changeText(changes) }, changes: changes };
    scoreFixApply.textContent = 'Apply: ' + fixing.fix.change;
    scoreFixNote.textContent = 'The change verify suggests; the score follows.';
    scoreFix.hidden = false;
  }

  // warnedBy are the verify checks whose doubt a control answers: the
  // warning is shown beside it (as the API's X-QR-Warning is on a page's
  // first load), with the check's fix as a button. The payload check's
  // doubt (a field the kind warns of, data in a kind's form that the kind
  // refuses) is the page's, under the preview, without a fix: the value
  // meant is the person's to say.
  var warnedBy = { contrast: 'color', polarity: 'color', module_size: 'size' };

  function showWarnings(checks) {
    clearWarnings();
    checks.forEach(function (c) {
      if (c.name === 'payload') showPageWarning(c.status === 'pass' ? '' : c.message);
      if (c.status === 'pass' || !c.message || !warnedBy[c.name]) return;
      setWarning(warnedBy[c.name], c.message, c.fix ? fixChanges(c.fix) : null);
    });
  }

  // showPageWarning replaces the warnings under the preview with text, or
  // removes them for "".
  function showPageWarning(text) {
    var holder = document.getElementById('page-warnings');
    if (!holder) return;
    holder.textContent = '';
    if (!text) return;
    var note = document.createElement('p');
    note.className = 'warning';
    note.textContent = text;
    holder.appendChild(note);
  }

  // setWarning shows text beside the control of field, as an error is,
  // with changes (a fix the form holds) as a button that applies them.
  function setWarning(field, text, changes) {
    var holder = form.querySelector('[data-field="' + CSS.escape(field) + '"]');
    var note = holder && holder.querySelector('.warning');
    if (!note) return;
    var said = note.querySelector('.warning-text');
    said.textContent = note.hidden ? text : (said.textContent + ' ' + text).trim();
    note.hidden = false;
    holder.classList.add('has-warning');
    if (!changes || !changes.length || note.querySelector('button')) return;
    note.appendChild(applyButton(changes));
  }

  // applyButton is a button that applies changes to the form and says so.
  function applyButton(changes) {
    var apply = document.createElement('button');
    apply.type = 'button';
    apply.className = 'button';
    apply.textContent = 'Apply: ' + changeText(changes);
    apply.addEventListener('click', function () {
      var change = changeText(changes);
      changes.forEach(setChange);
      // The button goes with the message it sits in: the focus moves to
      // the first control it set rather than fall back to the page's top
      // (WCAG 2.2 SC 2.4.3 Focus Order).
      if (document.activeElement === apply) changes[0].el.focus();
      update(true);
      say('Applied: ' + change + '.');
    });
    return apply;
  }

  function clearWarnings() {
    form.querySelectorAll('.has-warning').forEach(function (el) { el.classList.remove('has-warning'); });
    form.querySelectorAll('[data-field] .warning').forEach(function (note) {
      var said = note.querySelector('.warning-text');
      note.hidden = true;
      if (said) said.textContent = '';
      var apply = note.querySelector('button');
      if (apply) apply.remove();
    });
  }

  // changeText names the changes as the API writes them: color=727272.
  function changeText(changes) {
    return changes.map(function (c) { return c.label; }).join(', ');
  }

  // setScore shows a score, or with null none and why.
  function setScore(score, text) {
    robust.classList.remove('is-loading');
    robust.removeAttribute('aria-busy');
    scoreValue.textContent = score === null ? '–' : String(score);
    scoreMeter.hidden = score === null;
    scoreMeter.value = score || 0;
    scoreStatus.textContent = text;
    if (score === null) {
      scoreWeakest.hidden = scoreFix.hidden = scoreAdvice.hidden = true;
      fixing = null;
    }
  }

  function showScore(rb) {
    var verdict = rb.score >= 70 ? 'good for print held at arm\u2019s length.' :
      rb.score >= 50 ? 'fair; print held at arm\u2019s length wants 70.' : 'weak: it failed under most of the conditions tried.';
    setScore(rb.score, 'Score ' + rb.score + ' out of 100: ' + verdict);
    var weakest = rb.weakest && rb.weakest[0];
    scoreWeakest.textContent = weakest ? 'Weakest: ' + weakest + '.' : 'It read under every condition tried.';
    scoreWeakest.hidden = false;
    // The fixes come best first: the first the form can hold is the
    // button; a better one it cannot hold is told as advice.
    var best = null, advice = null;
    (rb.fixes || []).forEach(function (f) {
      var changes = fixChanges(f.fix);
      if (changes && changes.length) {
        if (!best) best = { fix: f, changes: changes };
      } else if (!changes && !advice && !best) {
        advice = f;
      }
    });
    fixing = best;
    // A fix applied from the keyboard keeps the focus in the panel when
    // no further fix takes the button's place.
    if (!best && document.activeElement === scoreFixApply) {
      robust.setAttribute('tabindex', '-1');
      robust.focus();
    }
    scoreFix.hidden = !best;
    if (best) {
      scoreFixApply.textContent = 'Apply: ' + best.fix.change;
      scoreFixNote.textContent = 'Measured with this change: ' + best.fix.score + ' out of 100.';
    }
    scoreAdvice.hidden = !advice;
    if (advice) scoreAdvice.textContent = 'Also: ' + advice.change + ' reaches ' + advice.score + '.';
  }

  // fixChanges reads a fix (a verify call with the change) into the
  // controls it sets: its rendering options that differ from the form's.
  // The content fields stay the person's, unless typed (the call the fix
  // corrects) is given: then a content field the person typed may take
  // the fix's value (contentChange). null: the form cannot hold the fix.
  function fixChanges(href, typed) {
    var params;
    try { params = new URL(href, location.href).searchParams; } catch (e) { return null; }
    var changes = [];
    var holds = true;
    params.forEach(function (value, name) {
      if (!holds || name === 'type' || name === 'robustness') return;
      var controls = Array.prototype.filter.call(form.querySelectorAll('[data-api="' + CSS.escape(name) + '"]'),
        function (el) { return el.name; });
      if (!controls.length) { holds = false; return; }
      var change;
      if (content.contains(controls[0])) {
        if (!typed) return;
        change = contentChange(controls, name, value, typed);
      } else {
        change = changeTo(controls, value);
        if (change) change.label = name + '=' + value;
      }
      if (change === null) holds = false;
      else if (change) changes.push(change);
    });
    return holds ? changes : null;
  }

  // contentChange is how a content field takes a problem's fix: false
  // when it holds the value already, null when the fix would fill a field
  // the person left empty (a fix never types the person's data: identity
  // fields stay theirs) or the control cannot hold the value. A field the
  // person typed takes the fix's re-spelling of it, and the label says
  // the new value exactly, as it will be typed.
  function contentChange(controls, name, value, typed) {
    if (typed.has(name) && typed.get(name) === value) return false;
    if (!typed.has(name) || typed.get(name) === '') return null;
    var el = controls[0];
    var change;
    if (el.tagName === 'SELECT' || el.type === 'radio') change = changeTo(controls, value);
    else if (el.disabled) change = null;
    else change = { el: el, set: function () { el.value = value; } };
    if (!change) return change;
    var title = form.querySelector('label[for="' + CSS.escape(change.el.id) + '"] .name');
    change.label = (title ? title.textContent : name) + ' = ' + shownValue(value);
    return change;
  }

  // shownValue writes a value as a button's label can show it: quoted
  // when spaces at its ends or a line break would not be seen.
  function shownValue(v) {
    return v === '' || /^\s|\s$|[\x00-\x1f]/.test(v) ? JSON.stringify(v) : v;
  }

  // sameValue compares two values as the API reads them: without case,
  // a leading # or the short form of a hex colour.
  function sameValue(a, b) {
    function canon(v) {
      v = norm(v);
      return /^[0-9a-f]{3}$/.test(v) ? v.replace(/./g, '$&$&') : v;
    }
    return canon(a) === canon(b);
  }

  // changeTo is how controls (one, or a radio group) take value: a
  // function that sets it, false when they hold it already, null when
  // they cannot.
  function changeTo(controls, value) {
    var el = controls[0];
    if (el.type === 'radio') {
      var radio = controls.filter(function (r) { return sameValue(r.value, value); })[0];
      if (!radio || radio.disabled) return null;
      return radio.checked ? false : { el: radio, set: function () { radio.checked = true; } };
    }
    var current = el.value === '' && el.dataset.default !== undefined ? el.dataset.default : el.value;
    if (sameValue(current, value)) return false;
    if (el.disabled) return null;
    if (el.tagName === 'SELECT') {
      var opt = Array.prototype.filter.call(el.options, function (o) { return sameValue(o.value, value); })[0];
      return opt ? { el: el, set: function () { el.value = opt.value; } } : null;
    }
    if (el.type === 'number') {
      var n = Number(value);
      if (!/^-?\d+$/.test(value) || (el.min !== '' && n < Number(el.min)) || (el.max !== '' && n > Number(el.max))) return null;
    }
    return { el: el, set: function () { el.value = value; } };
  }

  function applyFix() {
    if (!fixing) return;
    var f = fixing;
    f.changes.forEach(setChange);
    update(true);
    say('Applied: ' + f.fix.change + '.');
  }

  function setChange(c) {
    c.set();
    // A field under the closed "More fields" is shown as it changes.
    var more = c.el.closest('details');
    if (more) more.open = true;
    // As if typed: a colour's picker follows its text.
    c.el.dispatchEvent(new Event('input', { bubbles: true }));
  }

  // setExample switches between the example and the person's own code.
  function setExample(on) {
    example = on;
    form.classList.toggle('is-example', on);
    img.alt = on ? 'Example QR code: not your data' : 'QR code of the values in the form';
    if (on) {
      downloads.forEach(function (a) { a.removeAttribute('href'); a.setAttribute('aria-disabled', 'true'); });
    }
  }

  // setSnippets writes the ways to use the code elsewhere; api is null
  // for the example, which offers none. An uploaded logo cannot ride in a
  // link: then the API URL and curl give the POST, and HTML and Markdown
  // have nothing to offer.
  function setSnippets(api) {
    var url = api && !uploaded ? base + withQuery(apiPath, api) : '';
    apiURL.value = api && uploaded ? curlPost(api) : url;
    snippetHTML.value = url ? '<img src="' + url.replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '" alt="QR code">' : '';
    snippetMarkdown.value = url ? '![QR code](' + url.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29') + ')' : '';
    snippetCurl.value = api ? (uploaded ? curlPost(api) : 'curl -o ' + file + '.png ' + shellQuote(url)) : '';
    var note = api ? 'Not with an uploaded logo: a link cannot hold the file' : 'Fill in the fields first';
    [apiURL, snippetHTML, snippetMarkdown, snippetCurl].forEach(function (el) { el.placeholder = note; });
    copyButtons.forEach(function (b) { b.disabled = !document.getElementById(b.dataset.copy).value; });
  }

  // quote makes a word safe for a POSIX shell, quoting it only when
  // needed; shellQuote always quotes, as the server writes it.
  function quote(v) { return /^[\w.,:\/@%+=-]+$/.test(v) ? v : shellQuote(v); }
  function shellQuote(v) { return "'" + v.replace(/'/g, "'\\''") + "'"; }
  // curlPost is the API call with the uploaded logo, as a multipart POST.
  function curlPost(api) {
    var args = ['curl', '-F', quote('logo=@' + uploaded.name)];
    api.forEach(function (p) { args.push('-F', quote(p[0] + '=' + p[1])); });
    args.push(quote(base + apiPath), '-o', file + '.png');
    return args.join(' ');
  }

  // post sends the parameters and the logo file; it resolves to the image
  // or rejects with the API's problem document.
  function post(api) {
    var body = new FormData();
    api.forEach(function (p) { body.append(p[0], p[1]); });
    body.append('logo', uploaded);
    return fetch(apiPath, { method: 'POST', body: body }).then(function (res) {
      if (res.ok) return res.blob();
      return res.json().then(function (p) { throw p; }, function () {
        throw { detail: 'The API answered ' + res.status + '.' };
      });
    }, function () { throw { detail: 'The preview could not be loaded; try again.' }; });
  }

  function showPosted(api) {
    var n = ++posted;
    box.classList.add('is-loading');
    post(api).then(function (blob) {
      if (n !== posted) return;
      if (blobURL) URL.revokeObjectURL(blobURL);
      blobURL = URL.createObjectURL(blob);
      img.setAttribute('src', blobURL);
    }, function (p) { if (n === posted) showProblem(p); });
  }

  // With a logo uploaded, a download posts its format and saves the answer.
  downloads.forEach(function (link) {
    link.addEventListener('click', function (e) {
      if (!uploaded || example) return;
      e.preventDefault();
      if (link.getAttribute('aria-disabled') === 'true') return;
      var api = inFormat(state().api, link);
      post(api).then(function (blob) {
        var a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = link.getAttribute('download');
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
      }, showProblem);
    });
  });

  if (upload) {
    upload.hidden = false;
    logoFile.addEventListener('change', function (e) {
      // The file input has no name: the form's own events would send it
      // nowhere, so it is handled here alone.
      e.stopPropagation();
      uploaded = logoFile.files && logoFile.files[0] || null;
      logoClear.hidden = !uploaded;
      update(true);
    });
    logoFile.addEventListener('input', function (e) { e.stopPropagation(); });
    logoClear.addEventListener('click', function () {
      logoFile.value = '';
      uploaded = null;
      logoClear.hidden = true;
      update(true);
    });
  }

  function show(src) {
    if (img.getAttribute('src') === src) return;
    box.classList.add('is-loading');
    img.setAttribute('src', src);
  }

  img.addEventListener('load', function () {
    box.classList.remove('is-loading', 'is-error');
    setDownloads(true);
    clearErrors();
  });
  // An <img> cannot read an error body: fetch the same URL for the
  // problem document and show its detail beside the field it names.
  img.addEventListener('error', function () {
    var src = img.getAttribute('src');
    if (src.indexOf('blob:') === 0) {
      showProblem({ detail: 'The preview could not be shown; try again.' });
      return;
    }
    fetch(src, { headers: { Accept: 'application/problem+json' } })
      .then(function (res) { return res.ok ? null : res.json(); })
      .then(function (p) { if (p && img.getAttribute('src') === src) showProblem(p); })
      .catch(function () {
        if (img.getAttribute('src') === src) showProblem({ detail: 'The preview could not be loaded; try again.' });
      });
  });
  // A link's preview that failed before this script ran fired its error
  // unheard: the page shows the detail, and the problem's fix needs it.
  if (img.complete && !img.naturalWidth && img.getAttribute('src')) img.dispatchEvent(new Event('error'));

  function clearErrors() {
    form.querySelectorAll('.has-error').forEach(function (el) { el.classList.remove('has-error'); });
    form.querySelectorAll('.error').forEach(function (el) { el.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach(function (el) { el.removeAttribute('aria-invalid'); });
  }

  function showProblem(p) {
    clearErrors();
    var list = p.errors && p.errors.length ? p.errors : [{ field: p.field, detail: p.detail }];
    var loose = [];
    // Several fields refused and one fix for all (the API's fix corrects
    // every field it can): one button, under the first field marked.
    var whole = list.length > 1 && p.fix && !list.some(function (e) { return e.fix; }) ? problemFix(p.fix) : null;
    list.forEach(function (e) {
      // A problem with the logo while a file is uploaded is the file's.
      var holder = e.field === 'logo' && uploaded ? upload : e.field && form.querySelector('[data-field="' + CSS.escape(e.field) + '"]');
      var message = holder && holder.querySelector('.error');
      if (!message || holder.querySelector(':disabled')) {
        loose.push(e.detail);
        return;
      }
      holder.classList.add('has-error');
      message.textContent = (message.textContent + ' ' + e.detail).trim();
      holder.querySelectorAll('input[name], input[type="file"], select, textarea').forEach(function (el) { el.setAttribute('aria-invalid', 'true'); });
      offerFix(message, whole || problemFix(e.fix || (list.length === 1 && p.fix)));
      whole = null;
    });
    detail.textContent = loose.length ? loose.join(' ') : 'Correct the marked field.';
    box.classList.remove('is-loading');
    box.classList.add('is-error');
    setDownloads(false);
  }

  // problemFix reads a problem's fix (README "Errors": a call that
  // answers) into the controls it changes: style options, and content
  // fields the person typed, re-spelt (IBAN BE72 0000 0000 1616 as
  // BE72000000001616). null when the form cannot make the same call: a
  // fix that is no GET, is another kind's call, leaves out a value the
  // form sets, or fills a content field the person left empty.
  function problemFix(href) {
    if (!href || !/^https?:\/\//.test(href)) return null;
    var fix;
    try { fix = new URL(href); } catch (e) { return null; }
    if (fix.pathname !== apiPath) return null;
    var now = uploaded ? new URLSearchParams(withQuery('', asPNG(state().api)).slice(1)) :
      new URL(img.getAttribute('src'), location.href).searchParams;
    var kept = true;
    now.forEach(function (value, name) { if (!fix.searchParams.has(name)) kept = false; });
    if (!kept) return null;
    var changes = fixChanges(href, now);
    return changes && changes.length ? changes : null;
  }

  // offerFix adds a button that applies changes after a field's message.
  function offerFix(message, changes) {
    if (!changes) return;
    message.appendChild(document.createTextNode(' '));
    message.appendChild(applyButton(changes));
  }

  function setDownloads(on) {
    downloads.forEach(function (a) {
      if (on && !example) a.removeAttribute('aria-disabled'); else a.setAttribute('aria-disabled', 'true');
    });
  }

  // Colour pickers pair with a text input that holds the value (it also
  // takes names and "transparent"); the picker needs the script, so it is
  // hidden until now.
  // An optional colour left empty (a frame's, an eye's, a logo's plate)
  // takes another's or none, and its picker shows a hatched swatch rather
  // than the black a colour input cannot help showing.
  form.querySelectorAll('input[type="color"][data-for]').forEach(function (picker) {
    var text = document.getElementById(picker.dataset.for);
    function unset() {
      var empty = text.value.trim() === '';
      picker.toggleAttribute('data-unset', empty);
      picker.title = empty ? document.querySelector('label[for="' + text.id + '"]').textContent + ' is not set' : '';
    }
    picker.hidden = false;
    unset();
    picker.addEventListener('input', function () { text.value = picker.value.slice(1); unset(); });
    text.addEventListener('input', function () {
      unset();
      var m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(text.value.trim());
      if (!m) return;
      var h = m[1].toLowerCase();
      if (h.length === 3) h = h.replace(/./g, '$&$&');
      picker.value = '#' + h;
    });
  });

  // A page opened with values is scored at once; its warnings, the
  // server's, stand until the score's checks replace them.
  warnedURL = withQuery(pagePath, state().page);
  if (robust) scoreLater(state(), true);

  form.addEventListener('input', function () { update(false); });
  form.addEventListener('change', function () { update(false); });
  form.addEventListener('submit', function (e) { e.preventDefault(); update(true); });

  function say(text) {
    status.textContent = text;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { status.textContent = ''; }, 3000);
  }
  function copy(text, what) {
    function fallback() {
      var t = document.createElement('textarea');
      t.value = text;
      t.setAttribute('readonly', '');
      t.className = 'sr-only';
      document.body.appendChild(t);
      t.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      t.remove();
      say(ok ? what + ' copied.' : 'Copying failed: select the text and copy it.');
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { say(what + ' copied.'); }, fallback);
    } else {
      fallback();
    }
  }
  var copyLink = document.getElementById('copy-link');
  copyButtons.forEach(function (b) {
    var source = document.getElementById(b.dataset.copy);
    b.hidden = false;
    b.addEventListener('click', function () {
      var what = b.dataset.what;
      if (source === apiURL && uploaded) what = 'API call';
      copy(source.value, what);
    });
  });
  copyLink.hidden = false;
  copyLink.addEventListener('click', function () { copy(location.href, 'Link to this page'); });

  // kindSearch filters the home page's list of kinds as the person types;
  // without the script the box stays hidden and the whole list shows.
  function kindSearch() {
    var input = document.getElementById('kind-search');
    if (!input) return;
    var items = Array.prototype.slice.call(document.querySelectorAll('#kinds li[data-search]'));
    var groups = Array.prototype.slice.call(document.querySelectorAll('#kinds .kind-group'));
    var said = document.getElementById('kind-search-status');
    var all = said.textContent;
    document.getElementById('kind-search-box').hidden = false;
    input.addEventListener('input', function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      items.forEach(function (li) {
        var hit = words.every(function (w) { return li.dataset.search.indexOf(w) >= 0; });
        li.hidden = !hit;
        if (hit) shown++;
      });
      groups.forEach(function (g) { g.hidden = !g.querySelector('li:not([hidden])'); });
      said.textContent = !words.length ? all : shown ? shown + (shown === 1 ? ' code matches.' : ' codes match.') : 'No code matches: try another word.';
    });
  }
})();
