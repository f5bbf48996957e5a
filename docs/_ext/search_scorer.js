/*
 * The search's scorer (``html_search_scorer`` in conf.py): Sphinx's defaults, and
 * a query that is a rule number ("CF 4.3", or just "4.3") puts that rule
 * first: its entry named by number and title, then its other entries.
 */
var Scorer = {
  score: (result) => {
    const [docname, title, anchor, descr, score, filename, kind] = result;
    return score + ringsideRuleBoost(anchor, kind);
  },

  // query matches the full name of an object
  objNameMatch: 11,
  // or matches in the last dotted part of the object name
  objPartialMatch: 6,
  // Additive scores depending on the priority of the object
  objPrio: {
    0: 15, // used to be importantResults
    1: 5, // used to be objectResults
    2: -5, // used to be unimportantResults
  },
  //  Used when the priority is not in the mapping.
  objPrioDefault: 0,

  // query found in title
  title: 15,
  partialTitle: 7,
  // query found in terms
  term: 5,
  partialTerm: 2,
};

function ringsideRuleBoost(anchor, kind) {
  let query = "";
  try {
    query = new URLSearchParams(window.location.search).get("q") || "";
  } catch (error) {
    return 0;
  }
  const match = query.trim().match(/^([A-Za-z]{2,4})?\s*(\d+(?:\.\d+)*[a-z]?)$/);
  if (!match || !anchor) return 0;
  const number = match[2].toLowerCase().replace(/\./g, "-");
  const wanted = match[1]
    ? anchor === "#rule-" + match[1].toLowerCase() + "-" + number
    : anchor.startsWith("#rule-") && anchor.endsWith("-" + number)
      && /^#rule-[a-z]{2,4}-/.test(anchor)
      && anchor.length === ("#rule-" + anchor.split("-")[1] + "-" + number).length;
  if (!wanted) return 0;
  return kind === "object" ? 1000 : 900;
}
