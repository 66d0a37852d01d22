/* The HTML edition's bar, as a lookup tool at the table (templates/toolbar.html.j2):

   - the contents menu closes once a section is chosen, on Escape (focus back on its
     button) and on a tap outside it; without scripts it opens and closes all the same;
   - an abbreviation («MDR») opens its definition in place, read from the page's own
     glossary, with a link to the entry: Escape closes it and gives the focus back to the
     abbreviation, a tap elsewhere closes it; without scripts it is a link to the entry;
   - after a jump inside the page (a section, a definition, a result, a cross-reference) the
     bar offers the way back to where the reader was: the browser's own history, whose entries
     carry how many jumps deep they are, so that its back and forward buttons agree;
   - every heading with an id gets a link to itself, which copies the section's address.
   The page reads whole without any of it. */
(function () {
  "use strict";
  var menu = document.getElementById("contents-menu");
  var tip = document.getElementById("term-tip");
  var back = document.getElementById("bar-back");
  var status = document.getElementById("bar-status");
  var main = document.querySelector("main");
  if (!menu || !tip || !back || !main) return;
  var words = JSON.parse(document.getElementById("search").getAttribute("data-words"));

  /* The contents menu. */
  menu.querySelector(".menu-panel").addEventListener("click", function (event) {
    if (event.target.closest("a")) menu.open = false;
  });
  menu.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });

  /* An abbreviation's definition. */
  var opener = null;
  function place(term) {
    var box = term.getBoundingClientRect();
    tip.style.left = "0px";
    tip.style.top = "0px";
    var width = tip.offsetWidth, height = tip.offsetHeight;
    var left = Math.max(8, Math.min(box.left - 12, window.innerWidth - width - 8));
    var top = box.bottom + 6;
    if (top + height > window.innerHeight - 8 && box.top - height - 6 > 8) {
      top = box.top - height - 6;
    }
    tip.style.left = left + "px";
    tip.style.top = top + "px";
  }
  function openTip(term) {
    var entry = document.getElementById(term.hash.slice(1));
    if (!entry) return false;
    var name = entry.cloneNode(true);
    var expansion = name.querySelector("span");
    if (expansion) expansion.remove();
    var definition = entry.nextElementSibling;
    document.getElementById("term-tip-title").textContent = name.textContent.trim() +
      (expansion ? " — " + expansion.textContent.replace(/^\s*—\s*/, "").trim() : "");
    document.getElementById("term-tip-text").textContent =
      definition ? definition.textContent.trim() : "";
    document.getElementById("term-tip-link").href = term.hash;
    closeTip(false);
    opener = term;
    term.setAttribute("aria-expanded", "true");
    tip.hidden = false;
    place(term);
    tip.focus();
    return true;
  }
  function closeTip(refocus) {
    if (tip.hidden) return;
    tip.hidden = true;
    if (opener) {
      opener.setAttribute("aria-expanded", "false");
      if (refocus) opener.focus();
    }
    opener = null;
  }
  main.querySelectorAll("a.term").forEach(function (term) {
    term.setAttribute("aria-haspopup", "dialog");
    term.setAttribute("aria-expanded", "false");
    term.setAttribute("aria-controls", "term-tip");
  });
  main.addEventListener("click", function (event) {
    var term = event.target.closest("a.term");
    if (term && openTip(term)) event.preventDefault();
  });
  document.getElementById("term-tip-link").addEventListener("click", function () {
    closeTip(false);
  });
  window.addEventListener("resize", function () { if (opener) place(opener); });
  window.addEventListener("scroll", function () { if (opener) place(opener); },
                          {passive: true});

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !tip.hidden) { event.preventDefault(); closeTip(true); }
  });
  document.addEventListener("click", function (event) {
    if (!tip.hidden && !tip.contains(event.target) && !event.target.closest("a.term")) {
      closeTip(false);
    }
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });

  /* The way back: each entry of the page's history says how many jumps deep it is. */
  function depth() { return (history.state && history.state.jumps) || 0; }
  function showBack() { back.hidden = depth() === 0; }
  if (history.state === null) history.replaceState({jumps: 0}, "");
  var last = depth();
  window.addEventListener("hashchange", function () {
    if (history.state === null) history.replaceState({jumps: last + 1}, "");  // a new jump
    last = depth();
    showBack();
  });
  window.addEventListener("popstate", function () { last = depth(); showBack(); });
  back.addEventListener("click", function () { if (depth() > 0) history.back(); });
  showBack();

  /* A link to each heading, which copies its address. The heading keeps its own words as
     its name (its text wrapped in a span it is labelled by), not the link's too. */
  main.querySelectorAll("h1[id], h2[id], h3[id]").forEach(function (heading) {
    var name = document.createElement("span");
    name.id = heading.id + "-name";
    name.append.apply(name, Array.prototype.slice.call(heading.childNodes));
    heading.append(name);
    heading.setAttribute("aria-labelledby", name.id);
    var link = document.createElement("a");
    link.className = "heading-link";
    link.href = "#" + heading.id;
    link.setAttribute("aria-label", words.copy + ": " + heading.textContent.trim());
    link.textContent = "#";
    link.addEventListener("click", function () {
      var address = location.href.split("#")[0] + "#" + heading.id;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(address).then(function () {
          status.textContent = words.copied;
        }, function () {});
      }
    });
    heading.append(" ", link);
  });
})();
