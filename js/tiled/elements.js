// Walking parsed XML elements ({ name, attributes, children, text }), without the parser itself.

export const childrenNamed = (element, name) => element.children.filter((c) => c.name === name);
export const childNamed = (element, name) => element.children.find((c) => c.name === name);
