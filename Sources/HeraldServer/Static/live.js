// The live view: renders each server-sent event and counts down from the block's end instant
// once a second, by itself (the spirit of Text(timerInterval:)): no polling.
"use strict";
(function () {
  const root = document.getElementById("live");
  if (!root) return;
  let end = null;
  let start = null;

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  // M:SS under an hour, H:MM:SS from an hour on; seconds rounded up, as Herald's countdown does.
  function remainingText(milliseconds) {
    let seconds = Math.max(0, Math.ceil(milliseconds / 1000));
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    seconds = seconds % 60;
    return hours > 0 ? hours + ":" + pad(minutes) + ":" + pad(seconds) : minutes + ":" + pad(seconds);
  }

  function element(tag, id, text) {
    const node = document.createElement(tag);
    if (id) node.id = id;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // "Erledigt": the same form the server renders, posting with the page's form token and
  // coming back here; the event that follows shows the next task.
  function doneForm(taskPath, label) {
    const form = element("form", "live-done-form");
    form.method = "post";
    form.action = "/today/tasks/" + taskPath + "/complete?back=live";
    const token = document.createElement("input");
    token.type = "hidden";
    token.name = "_form";
    token.value = root.dataset.form;
    const button = element("button", "live-done", label);
    button.type = "submit";
    form.append(token, button);
    return form;
  }

  function tick() {
    if (end === null) return;
    const now = Date.now();
    const countdown = document.getElementById("live-countdown");
    const progress = document.getElementById("live-progress");
    if (countdown) countdown.textContent = remainingText(end - now);
    if (progress && end > start) progress.value = Math.round(Math.min(1, Math.max(0, (now - start) / (end - start))) * 1000);
  }

  function render(state) {
    root.replaceChildren();
    if (!state.running) {
      end = start = null;
      root.append(element("p", "live-idle", state.idle));
      return;
    }
    const block = state.running;
    end = Date.parse(block.end);
    start = Date.parse(block.start);
    const countdown = element("time", "live-countdown", remainingText(end - Date.now()));
    countdown.dataset.end = block.end;
    countdown.dataset.start = block.start;
    const line = element("p");
    line.className = "countdown";
    line.append(countdown);
    const progress = element("progress", "live-progress");
    progress.max = 1000;
    const ends = element("p", "live-ends", block.ends);
    ends.className = "times";
    root.append(element("h2", "live-title", block.title), line, ends, element("p", "live-task", block.task));
    if (block.taskPath) root.append(doneForm(block.taskPath, block.done));
    root.append(element("p", "live-tally", block.tally), progress);
    if (block.next) {
      const next = element("p", "live-next", block.next);
      next.className = "next";
      root.append(next);
    }
    tick();
  }

  // The page as served already shows the state; start counting from it at once.
  const served = document.getElementById("live-countdown");
  if (served) {
    end = Date.parse(served.dataset.end);
    start = Date.parse(served.dataset.start);
  }
  setInterval(tick, 1000);
  tick();

  // EventSource reconnects by itself and sends Last-Event-ID: the server replays what was missed.
  const source = new EventSource(root.dataset.events);
  source.onmessage = function (event) { render(JSON.parse(event.data)); };
})();
