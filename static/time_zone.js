// A seat that has not chosen a time zone is offered the browser's own: it fills the select's default, and the
// person still saves it (or another) themselves. Without script the select offers UTC.
document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (Array.prototype.some.call(select.options, function (option) { return option.value === zone; })) {
    select.value = zone;
  }
});
