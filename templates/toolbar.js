/* The HTML edition's bar, as a lookup tool at the table (templates/toolbar.html.j2):

   - the contents menu closes once a section is chosen, on Escape (focus back on its
     button) and on a tap outside it; without scripts it opens and closes all the same;
   - an abbreviation («MDR») opens its definition in place, read from the page's own
     glossary, with a link to the entry: Escape closes it and gives the focus back to the
     abbreviation, a tap elsewhere closes it; without scripts it is a link to the entry;
   - after a jump inside the page (a section, a definition, a result, a cross-reference) the
     bar offers the way back to where the reader was: the browser's own history, whose entries
     carry how many jumps deep they are, so that its back and forward buttons agree; back
     there, the focus is where it was when the reader left (the link they followed);
   - a link to the place already in the address (the quick reference tapped again) is a
     jump too;
   - every heading with an id gets a link to itself, which copies the section's address;
   - a figure that does scroll sideways in its box is marked, for the shadows at its edges.
   The page reads whole without any of it. */
(function () {
  "use strict";
  var menu = document.getElementById("contents-menu");
  var tip = document.getElementById("term-tip");
  var back = document.getElementById("bar-back");
  var status = document.getElementById("bar-status");
  var main = document.querySelector("main");
  if (!menu || !tip || !back || !main) return;
  var bar = document.querySelector("nav.toolbar");
  var words = JSON.parse(bar.getAttribute("data-words"));
  function barBottom() { return bar.getBoundingClientRect().bottom; }

  /* The contents menu: it opens on the chapter or section being read, marked. */
  var panel = menu.querySelector(".menu-panel");
  panel.addEventListener("click", function (event) {
    if (event.target.closest("a")) menu.open = false;
  });
  menu.addEventListener("toggle", function () {
    if (!menu.open) return;
    var under = barBottom();
    var here = null;
    panel.querySelectorAll(".menu-contents a").forEach(function (link) {
      link.removeAttribute("aria-current");
      var place = document.getElementById(link.hash.slice(1));
      if (place && place.getBoundingClientRect().top <= under + 8) here = link;
    });
    if (here) {
      here.setAttribute("aria-current", "location");
      panel.scrollTop = here.offsetTop - panel.clientHeight / 3;
    }
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
  /* The box follows its abbreviation, and closes once the abbreviation leaves the window
     or goes under the bar (the box never covers the bar). */
  function follow() {
    if (!opener) return;
    var box = opener.getBoundingClientRect();
    if (box.top < barBottom() || box.bottom > window.innerHeight) closeTip(false);
    else place(opener);
  }
  window.addEventListener("resize", follow);
  window.addEventListener("scroll", follow, {passive: true});
  tip.addEventListener("focusout", function (event) {  // Tab past its link: it closes
    if (!tip.hidden && event.relatedTarget && !tip.contains(event.relatedTarget) &&
        event.relatedTarget !== opener) closeTip(false);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !tip.hidden) { event.preventDefault(); closeTip(true); }
  });
  document.addEventListener("click", function (event) {
    if (!tip.hidden && !tip.contains(event.target) && !event.target.closest("a.term")) {
      closeTip(false);
    }
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });

  /* The way back: each entry of the page's history says how many jumps deep it is; and
     what had the focus when the reader jumped from there (`from`, by depth) has it again
     when they come back, so that a keyboard or a screen reader is back at the link it
     followed, not left in the bar. */
  function depth() { return (history.state && history.state.jumps) || 0; }
  function showBack() { back.hidden = depth() === 0; }
  if (history.state === null) history.replaceState({jumps: 0}, "");
  var last = depth(), from = [], followed = null;
  // The link followed (the browser takes the focus off it before the jump is told).
  document.addEventListener("click", function (event) {
    followed = event.target.closest("a[href^='#']");
  }, true);
  window.addEventListener("hashchange", function () {
    if (history.state === null) {  // a new jump
      from[last] = followed || document.activeElement;
      history.replaceState({jumps: last + 1}, "");
    }
    followed = null;
    last = depth();
    showBack();
  });
  window.addEventListener("popstate", function () {
    // A link's jump is told twice, popstate (its entry not yet marked) before hashchange:
    // only a move through history is a return.
    if (history.state === null) return;
    last = depth();
    showBack();
    var left = from[last];
    if (left && left !== document.body && left.isConnected && left.getClientRects().length) {
      left.focus({preventScroll: true});  // the browser has put the page back where it was
    }
  });
  // A link to the place already in the address (the quick reference tapped again, after
  // scrolling away from it) is a jump too: the browser would only scroll.
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[href^='#']");
    if (!link || event.defaultPrevented || link.hash !== location.hash || !link.hash) return;
    var place = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!place) return;
    event.preventDefault();
    from[depth()] = link;
    history.pushState({jumps: depth() + 1}, "", link.hash);
    last = depth();
    place.scrollIntoView();
    showBack();
  });
  back.addEventListener("click", function () { if (depth() > 0) history.back(); });
  showBack();

  /* A figure wider than its box scrolls sideways: marked, for the shadows at its edges. */
  function scrollers() {
    main.querySelectorAll(".figure-scroll").forEach(function (box) {
      box.classList.toggle("scrolls", box.scrollWidth > box.clientWidth + 1);
    });
  }
  window.addEventListener("resize", scrollers);
  scrollers();

  var said = null;
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
    link.addEventListener("click", function (event) {
      // copied where the browser lets a page write to the clipboard; else followed, and
      // the address bar holds it
      if (!(navigator.clipboard && window.isSecureContext)) return;
      event.preventDefault();
      var address = location.href.split("#")[0] + "#" + heading.id;
      navigator.clipboard.writeText(address).then(function () {
        status.textContent = words.copied;
        clearTimeout(said);
        said = setTimeout(function () { status.textContent = ""; }, 2000);
      }, function () { location.hash = heading.id; });
    });
    heading.append(" ", link);
  });
})();
