// Loads Google Tag Manager, only on sites whose site.yaml names a container
// (the page then carries <meta name="tag-manager">). Events from other scripts
// go to window.dataLayer whether or not a container is loaded.
declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

const id = document.querySelector<HTMLMetaElement>('meta[name="tag-manager"]')?.content;
window.dataLayer = window.dataLayer || [];
if (id && /^GTM-[A-Z0-9]+$/.test(id)) {
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${id}`;
  document.head.append(script);
}

export {};
