// Reading the page's trees of [tag, attrs, ...children] (oddsPanel, askCard) in tests.

// Every node of a tree, depth first: [tag, attrs, children].
export function nodes(tree, out = []) {
  if (!Array.isArray(tree)) return out;
  out.push(tree);
  for (const kid of tree.slice(2)) nodes(kid, out);
  return out;
}

// The nodes whose class list holds `cls`.
export const byClass = (tree, cls) => nodes(tree).filter((n) => (n[1].class || "").split(" ").includes(cls));
