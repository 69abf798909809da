//! Keeps the document's title, description, robots and canonical in step with the page on
//! client-side navigation (the server writes them for the first load).

import { useEffect } from 'react';
import type { Seo } from '@/lib/api/types';

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null || content === '') {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

export function useDocumentMeta(seo: Seo): void {
  const { title, description, canonical, robots } = seo;
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('name', 'robots', robots);
    setCanonical(canonical);
    // Only refresh Open Graph tags the server wrote; the client never invents them.
    if (document.head.querySelector('meta[property="og:title"]')) setMeta('property', 'og:title', title);
    if (document.head.querySelector('meta[property="og:url"]')) setMeta('property', 'og:url', canonical);
  }, [title, description, canonical, robots]);
}
