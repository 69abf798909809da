//! The shop footer: who we are, where to shop, and the account pages. On small screens the two
//! link lists fold into accordion sections (spec §9: 200 ms slide) to keep the page short.

import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { SiteView } from '@/lib/api/types';
import { SMALL_QUERY } from '@/lib/breakpoints';
import { AccordionSection } from '../accordion';
import { useMediaQuery } from '../use-media-query';
import { categoryTree } from './category-nav';

function FooterLinks({ id, title, folded, children }: { id: string; title: string; folded: boolean; children: ReactNode }) {
  if (folded) {
    return (
      <nav aria-label={title}>
        <AccordionSection title={title} headingLevel={2} className="site-footer__fold">
          <ul>{children}</ul>
        </AccordionSection>
      </nav>
    );
  }
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul>{children}</ul>
    </nav>
  );
}

export function SiteFooter({ site }: { site: SiteView }) {
  const roots = categoryTree(site.categories);
  const folded = useMediaQuery(SMALL_QUERY);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.name}
          </h2>
          {site.tagline && <p>{site.tagline}</p>}
        </section>
        <FooterLinks id="footer-shop" title="Shop" folded={folded}>
          <li>
            <Link to="/shop/">All products</Link>
          </li>
          {roots.map((category) => (
            <li key={category.id}>
              <Link to={category.url}>{category.name}</Link>
            </li>
          ))}
        </FooterLinks>
        <FooterLinks id="footer-account" title="Your order" folded={folded}>
          <li>
            <a href="/cart/">Cart</a>
          </li>
          <li>
            <a href="/checkout/">Checkout</a>
          </li>
          <li>
            <a href="/my-account/">My account</a>
          </li>
        </FooterLinks>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © {new Date().getFullYear()} {site.name}. Powered by Vitrine.
          </p>
        </div>
      </div>
    </footer>
  );
}
