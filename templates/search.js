/* The HTML edition's search: every heading with an id, every example and every glossary
   entry of the page is a document, indexed by MiniSearch (vendor/minisearch.js) when the page
   is first used, from the page itself: nothing is fetched, nothing is stored twice, and the
   page's first paint waits for none of it (the solo book's index takes some 70 ms to make).
   A query is matched by prefix and with a typo allowed, without regard to case, accents
   («caballeria» finds «caballería») or the endings of its words (`term`); the best matches
   are listed under the field with the words around the first match. The page reads whole
   without it: the field stays hidden without scripts. */
(function () {
  "use strict";
  var bar = document.getElementById("search");
  var field = document.getElementById("search-field");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var main = document.querySelector("main");
  if (!bar || !field || !list || !main || typeof MiniSearch === "undefined") return;
  var words = JSON.parse(document.querySelector("nav.toolbar").getAttribute("data-words"));
  var MOST = 8;

  /* One character folded as the index folds it: lower case, no accent. Kept one for one,
     so that a match in the folded text is at the same place in the text itself. */
  function fold(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) {
      out += text[i].normalize("NFD").charAt(0).toLowerCase();
    }
    return out;
  }

  function sections() {
    // an example is a result of its own under its title; a box without one (a scenario the
    // dossier plays out under its heading) is read as part of that heading's section
    var starts = Array.prototype.slice.call(main.querySelectorAll(
      "h1[id], h2[id], h3[id], aside.example[id], .glossary dt")).filter(function (start) {
        return !start.matches("aside") || start.querySelector(".example-title"); });
    return starts.map(function (start, n) {
      var range = document.createRange();
      range.setStartAfter(start.matches("aside") ? start.querySelector(".example-title") : start);
      var next = starts[n + 1];
      if (next && !start.contains(next)) range.setEndBefore(next);
      else if (start.matches("aside")) range.setEndAfter(start.lastElementChild);
      else range.setEndAfter(main.lastElementChild);
      var part = range.cloneContents();
      part.querySelectorAll(".position, .heading-link, .related").forEach(function (e) {
        e.remove(); });  // (a ruling listed under a heading is a result of its own)
      part.querySelectorAll("svg").forEach(function (e) {  // a drawing, by its words
        var title = e.querySelector("title");
        e.replaceWith(title ? title.textContent : "");
      });
      part.querySelectorAll("p, li, dt, dd, td, th, h1, h2, h3, h4, h5, h6").forEach(
        function (e) { e.append(" "); });  // blocks end with a space: «otro. Las», not «otro.Las»
      var title = (start.matches("aside") ? start.querySelector(".example-title") : start)
        .cloneNode(true);
      title.querySelectorAll(".heading-link").forEach(function (e) { e.remove(); });
      var target = start.id || (start.closest("section") || {}).id || "";
      var text = part.textContent.replace(/\s+/g, " ").trim();
      // a section's first sentence says what it is about («Ganas en cuanto reúnes 20
      // puntos»): a word there counts more than one further down
      var lead = (text.match(/^.{0,200}?[.:!?](\s|$)/) || [text.slice(0, 200)])[0];
      return {id: n, target: target, title: title.textContent.trim(), lead: lead, text: text,
              kind: start.matches("aside") ? "example" : start.matches("dt") ? "term" : "rule"};
    });
  }
  /* A word as the index holds it: folded, without the endings that only inflect it in the
     page's language («ganas», «ganar» and «gana» are one word; «ciudades», «ciudad»), and
     none for the little words a question is made of («¿cómo se gana?» asks «gana»): both
     lists are the language's catalog's (generator/core/labels.py). */
  var LITTLE = new Set(words.little), ENDINGS = words.endings;
  function stem(word) {
    var folded = fold(word);
    if (LITTLE.has(folded)) return null;
    for (var i = 0; i < ENDINGS.length; i++) {
      var ending = ENDINGS[i];
      if (folded.length - ending.length >= 3 && folded.slice(-ending.length) === ending) {
        return folded.slice(0, -ending.length);
      }
    }
    return folded;
  }
  /* A word a player may ask with that the rules say otherwise is indexed and asked as the
     first word of its group («se acaba el mazo» asks «se agota»): the groups are the
     catalog's too. SAME: each group's first word, by the stem of every word in it. */
  var SAME = new Map(), GROUP = new Map();
  words.synonyms.forEach(function (group) {
    var stems = group.map(stem).filter(Boolean);
    stems.forEach(function (s) { SAME.set(s, stems[0]); });
    GROUP.set(stems[0], stems);
  });
  function term(word) {
    var stemmed = stem(word);
    return stemmed === null ? null : SAME.get(stemmed) || stemmed;
  }

  /* The rule before the example that shows it, and an abbreviation's or a term's own entry
     before the sections that use it. */
  var WEIGHT = {rule: 1, term: 1.5, example: 0.5};
  var index = null;
  function indexed() {  // made when the search is first used
    if (index === null) {
      index = new MiniSearch({
        fields: ["title", "lead", "text"], storeFields: ["target", "title", "text", "kind"],
        processTerm: term,
        // a word's beginning, but not a number's («3» is not «30»); a typo in a long word
        // only, and two in a longer one («cuidad»), never in a short one («mazo», «mano»)
        searchOptions: {prefix: function (word) { return !/^\d/.test(word); },
                        fuzzy: function (word) {
                          return word.length >= 6 ? 0.34 : word.length === 5 ? 0.2 : 0; },
                        boost: {title: 3, lead: 2},
                        combineWith: "AND", boostDocument: function (id, word, stored) {
                          return WEIGHT[stored.kind]; }}
      });
      index.addAll(sections());
    }
    return index;
  }

  /* Where a word beginning with `term` first stands in `folded` (never inside a word: «gan»
     is «ganas», not «jugando»; a number whole: «1» is not «11»), or -1. */
  function wordAt(folded, term) {
    var quoted = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    var end = /^\d+$/.test(term) ? "(?!\\p{N})" : "";
    var found = new RegExp("(^|[^\\p{L}\\p{N}])" + quoted + end, "u").exec(folded);
    return found ? found.index + found[1].length : -1;
  }

  function snippet(text, terms) {
    var folded = fold(text), at = -1, length = 0;
    terms.forEach(function (term) {
      (GROUP.get(term) || [term]).forEach(function (word) {  // the word the text says
        var found = wordAt(folded, word);
        if (found >= 0 && (at < 0 || found < at)) { at = found; length = word.length; }
      });
    });
    var span = document.createElement("span");
    span.className = "search-snippet";
    if (at < 0) { span.textContent = text.slice(0, 110) + (text.length > 110 ? "…" : ""); return span; }
    while (at + length < text.length && /[\p{L}\p{N}]/u.test(text[at + length])) length++;  // the whole word
    var from = Math.max(0, at - 50), to = Math.min(text.length, at + length + 70);
    if (from > 0) from = Math.min(at, text.indexOf(" ", from) + 1 || at);  // a whole word
    var mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + length);
    span.append((from > 0 ? "…" : "") + text.slice(from, at), mark,
                text.slice(at + length, to) + (to < text.length ? "…" : ""));
    return span;
  }

  function show(query) {
    list.replaceChildren();
    list.dataset.query = query;  // which words the list answers (typing may run ahead of it)
    if (!query.trim()) { list.hidden = true; status.textContent = ""; return; }
    var found = indexed().search(query);
    if (!found.length) found = indexed().search(query, {combineWith: "OR"});
    found.slice(0, MOST).forEach(function (result) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "#" + result.target;
      var title = document.createElement("span");
      title.className = "search-title";
      title.textContent = result.title;
      link.append(title, snippet(result.text, result.terms));
      link.addEventListener("click", close);
      item.append(link);
      list.append(item);
    });
    list.hidden = false;
    status.textContent = found.length === 0 ? words.none : found.length === 1 ? words.one
      : words.many.replace("{n}", Math.min(found.length, MOST));
  }

  function close() {
    list.hidden = true;
    status.textContent = "";  // the bar back to its one line
  }

  field.addEventListener("focus", indexed);
  var timer = null;
  field.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () { show(field.value); }, 80);
  });
  field.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { field.value = ""; show(""); }
    if (event.key === "Enter") {
      var first = list.querySelector("a");
      if (first) { event.preventDefault(); first.click(); location.hash = first.hash; }
    }
    if (event.key === "ArrowDown") {
      var link = list.querySelector("a");
      if (link) { event.preventDefault(); link.focus(); }
    }
  });
  list.addEventListener("keydown", function (event) {
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && at < links.length - 1) { event.preventDefault(); links[at + 1].focus(); }
    if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? links[at - 1] : field).focus(); }
    if (event.key === "Escape") { close(); field.focus(); }
  });
  document.addEventListener("click", function (event) {
    if (!bar.contains(event.target)) close();
  });
  bar.hidden = false;
})();
