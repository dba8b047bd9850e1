// Sorts a board's table by the column whose heading is clicked (again:
// the other way). Numbers sort by their exact value, names by text.
"use strict";
document.querySelectorAll("table.board").forEach(function (table) {
  table.querySelectorAll("thead th").forEach(function (th, col) {
    th.tabIndex = 0;
    th.setAttribute("aria-sort", "none");
    function sort() {
      var down = th.getAttribute("aria-sort") !== "descending";
      table.querySelectorAll("thead th").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
      th.setAttribute("aria-sort", down ? "descending" : "ascending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col], y = b.cells[col];
        var u = x.dataset.value, v = y.dataset.value, c;
        if (u !== undefined && v !== undefined) {
          c = (u === "" ? -Infinity : Number(u)) - (v === "" ? -Infinity : Number(v));
          if (isNaN(c)) c = 0;
        } else {
          c = x.textContent.localeCompare(y.textContent);
        }
        return down ? -c : c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); } });
  });
});
