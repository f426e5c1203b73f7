// The 404 page logs the address that was not found (spec §8), so a broken
// link can be traced from the browser console.
console.error(`404: page not found: ${location.pathname}${location.search}`);

export {};
