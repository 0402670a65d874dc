// The share/copy button beside a link shown once (`session::links::link_box`): shown only when
// this script runs (the pages work without it: the link is in a box to copy). It shares the
// link with the phone's share sheet (Web Share API) where there is one, else copies it.
"use strict";
document.querySelectorAll("button[data-share]").forEach(function (button) {
  var link = button.getAttribute("data-share");
  var canShare = typeof navigator.share === "function";
  var canCopy = navigator.clipboard && typeof navigator.clipboard.writeText === "function";
  if (!canShare && !canCopy) {
    return;
  }
  button.textContent = canShare ? "Share the link" : "Copy the link";
  button.hidden = false;
  button.addEventListener("click", function () {
    if (canShare) {
      navigator.share({ title: document.title, url: link }).catch(function () {});
      return;
    }
    navigator.clipboard.writeText(link).then(function () {
      button.textContent = "Copied";
    });
  });
});
