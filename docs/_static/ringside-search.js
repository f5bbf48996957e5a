/*
 * A rule number typed without its space ("cf4.3") is searched as "CF 4.3": the
 * search index knows each rule by its number as written.  The address is
 * rewritten in place (no reload) before the search reads it, so the search box
 * shows what was searched.
 */
(function () {
  if (!/\/search\.html$/.test(window.location.pathname)) return;
  const params = new URLSearchParams(window.location.search);
  const query = (params.get("q") || "").trim();
  const match = query.match(/^([A-Za-z]{2,4})(\d+(?:\.\d+)*[a-z]?)$/);
  if (!match) return;
  params.set("q", match[1].toUpperCase() + " " + match[2]);
  window.history.replaceState(
    null, "", window.location.pathname + "?" + params.toString() + window.location.hash);
})();
