// The 404 page reports the address that was not found, so a broken link can
// be traced from the browser console.
console.warn(`Page not found: ${location.pathname}${location.search}`);
