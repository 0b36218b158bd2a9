/* Keeps a seat's table up to date without a reload (templates/pages/table.html).
 *
 * It asks for the game's log position (GET /api/seats/<token>/position, kept beside the log: no database
 * query, and 304 when it is the one named in If-None-Match) and, when the position moved on, fetches the
 * table's moving part (GET /s/<token>/table?since=<seq>) and swaps it in, announcing the moves since in
 * the page's aria-live region. It asks every 1.5 s while anything moves; once nothing has moved for
 * QUIET_MS, each wait grows by GROWTH up to SLOWEST_MS; a hidden page does not ask at all. Anything the
 * player does, a move seen, or the page shown again brings it back to 1.5 s at once. A correspondence
 * game moves a few times a day, so its open tables cost almost nothing (bench/live_tables.py reads these
 * constants). A light poll rather than Server-Sent Events: it passes through any proxy, and gunicorn's
 * gthread workers hold no thread per open table. Without script the page works as before, by reloading.
 * Once the game is over, what only a game in play has (its settings of mail, time and vacation:
 * `data-while-playing`) leaves the page. */
(function () {
  "use strict";
  var INTERVAL_MS = 1500;
  var QUIET_MS = 30000;
  var GROWTH = 1.5;
  var SLOWEST_MS = 30000;
  var live = document.getElementById("live");
  var announcer = document.getElementById("announcer");
  if (!live || !window.fetch || !window.DOMParser) {
    return;
  }
  var busy = false;
  var over = false;
  var tag = null;
  var wait = INTERVAL_MS;
  var lastNews = Date.now();
  var timer = null;

  function shownPart() {
    return document.getElementById("live-part");
  }

  /* A selector finding the focused control again in the fresh part: the same id, or the same move button. */
  function focusedSelector() {
    var element = document.activeElement;
    if (!element || !live.contains(element) || !window.CSS) {
      return null;
    }
    if (element.id) {
      return "#" + CSS.escape(element.id);
    }
    if (element.name && element.value) {
      return '[name="' + CSS.escape(element.name) + '"][value="' + CSS.escape(element.value) + '"]';
    }
    return null;
  }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-part");
    var part = shownPart();
    if (!fresh || !part) {
      return;
    }
    var selector = focusedSelector();
    /* Sections the player opened or closed stay so (a deal's story, once closed, stays closed). */
    var shownOpen = {};
    Array.prototype.forEach.call(part.querySelectorAll("details > summary"), function (summary) {
      shownOpen[summary.textContent] = summary.parentNode.open;
    });
    fresh = document.importNode(fresh, true);
    Array.prototype.forEach.call(fresh.querySelectorAll("details > summary"), function (summary) {
      if (Object.prototype.hasOwnProperty.call(shownOpen, summary.textContent)) {
        summary.parentNode.open = shownOpen[summary.textContent];
      }
    });
    part.replaceWith(fresh);
    var news = fresh.querySelectorAll("#news li");
    if (announcer && news.length) {
      announcer.textContent = Array.prototype.map.call(news, function (line) { return line.textContent; }).join(" ");
    }
    var again = selector && fresh.querySelector(selector);
    if (again) {
      again.focus();
    }
  }

  function getting(url, answer) {
    return fetch(url, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
      return response.ok ? response[answer]() : null;
    });
  }

  /* The position, or null when it is the one asked about last (304) or the answer was lost. */
  function position() {
    var headers = tag ? {"If-None-Match": tag} : {};
    return fetch(live.getAttribute("data-position"), {credentials: "same-origin", cache: "no-store", headers: headers})
      .then(function (response) {
        if (response.status !== 200) {
          return null;
        }
        tag = response.headers.get("ETag");
        return response.json();
      });
  }

  function lively() {
    lastNews = Date.now();
    wait = INTERVAL_MS;
  }

  function schedule() {
    clearTimeout(timer);
    if (over || document.hidden) {
      return;
    }
    if (Date.now() - lastNews > QUIET_MS) {
      wait = Math.min(wait * GROWTH, SLOWEST_MS);
    }
    timer = setTimeout(poll, wait);
  }

  function poll() {
    var part = shownPart();
    if (busy || over || document.hidden || !part) {
      return;
    }
    busy = true;
    var shown = part.getAttribute("data-seq");
    position().then(function (now) {
      if (!now || String(now.seq) === shown) {
        return null;
      }
      lively();
      over = now.status === "over";
      return getting(live.getAttribute("data-part") + "?since=" + encodeURIComponent(shown), "text").then(function (html) {
        if (html) {
          swap(html);
        }
        if (over) {
          Array.prototype.forEach.call(document.querySelectorAll("[data-while-playing]"), function (element) {
            element.remove();
          });
        }
      });
    }).catch(function () {
      /* A lost answer: the next poll asks again. */
    }).then(function () {
      busy = false;
      schedule();
    });
  }

  /* The player is here: look now and then often. */
  function awake() {
    lively();
    if (!busy) {
      poll();
    }
  }

  ["pointerdown", "keydown", "submit"].forEach(function (name) {
    document.addEventListener(name, function () {
      if (wait > INTERVAL_MS) {
        awake();
      } else {
        lively();
      }
    }, true);
  });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      clearTimeout(timer);
    } else {
      awake();
    }
  });
  schedule();
}());
