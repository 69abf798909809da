//! The shop footer: who we are, where to shop, and the account pages.

import { Link } from 'react-router';
import type { SiteView } from '@/lib/api/types';
import { categoryTree } from './category-nav';

export function SiteFooter({ site }: { site: SiteView }) {
  const roots = categoryTree(site.categories);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            {site.name}
          </h2>
          {site.tagline && <p>{site.tagline}</p>}
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="site-footer__heading">
            Shop
          </h2>
          <ul>
            <li>
              <Link to="/shop/">All products</Link>
            </li>
            {roots.map((category) => (
              <li key={category.id}>
                <Link to={category.url}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="site-footer__heading">
            Your order
          </h2>
          <ul>
            <li>
              <a href="/cart/">Cart</a>
            </li>
            <li>
              <a href="/checkout/">Checkout</a>
            </li>
            <li>
              <a href="/my-account/">My account</a>
            </li>
          </ul>
        </nav>
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
