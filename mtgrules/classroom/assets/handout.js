// Step-through for the handout pages: one step of each walk-through at a time, Prev / Next /
// slider / arrow keys. Without this script (or on paper) every step is shown, in order.
// The arrow keys work wherever the focus is inside a walk-through: the walk-through itself takes
// the focus (a click anywhere on it; Tab reaches its buttons), and when Prev or Next is disabled under the focus
// at either end the walk-through keeps it, so the keys still step back.
(function () {
  "use strict";
  document.querySelectorAll(".mtg-stepper").forEach(function (stepper) {
    var steps = stepper.querySelectorAll(".mtg-step");
    var slider = stepper.querySelector(".mtg-slider");
    var prev = stepper.querySelector(".mtg-prev");
    var next = stepper.querySelector(".mtg-next");
    var count = stepper.querySelector(".mtg-count");
    var last = steps.length - 1;
    function show(i) {
      i = Math.max(0, Math.min(last, i));
      steps.forEach(function (step, j) { step.classList.toggle("mtg-current", j === i); });
      slider.value = String(i);
      var focused = document.activeElement;
      prev.disabled = i === 0;
      next.disabled = i === last;
      if (focused && focused.disabled) { stepper.focus({ preventScroll: true }); }
      // Counted as the step labels count ("Step 3 of 19"): with the passes folded away the steps
      // keep their numbers, so the count jumps as they do rather than disagreeing with the label.
      count.textContent = (steps[i].dataset.frame || i) + " / " + (stepper.dataset.lastFrame || last);
      stepper.dataset.step = String(i);
    }
    prev.addEventListener("click", function () { show(Number(slider.value) - 1); });
    next.addEventListener("click", function () { show(Number(slider.value) + 1); });
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    stepper.addEventListener("keydown", function (e) {
      if (e.target === slider) { return; }  // the slider moves itself with the arrow keys
      if (e.key === "ArrowRight") { show(Number(slider.value) + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { show(Number(slider.value) - 1); e.preventDefault(); }
    });
    if (!stepper.hasAttribute("tabindex")) { stepper.tabIndex = -1; }
    stepper.classList.add("mtg-live");
    show(0);
  });
})();
