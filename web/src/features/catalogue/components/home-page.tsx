//! The home page: a welcome over a parallax backdrop, the shop's own content blocks, the
//! categories, featured products, what shoppers say (slider), the newest arrivals and the
//! Instagram feed, with scroll-to bullets for its sections and the product count counting up.
//! Blocks and the feed come from other features, so the app passes them in as slots.

import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { CountUp } from '@/components/count-up';
import { Parallax } from '@/components/parallax';
import { ProductGrid } from '@/components/product-grid';
import { ScrollToBullets, type BulletSection } from '@/components/scroll-to-bullets';
import type { HomePageData } from '@/lib/api/types';
import { ShopperQuotes, SHOPPER_QUOTES_TITLE } from './shopper-quotes';

const NEW_ARRIVALS = 6;

export interface HomePageProps {
  page: HomePageData;
  /** The `home-welcome` content block (with its edit links), under the hero. */
  welcomeBlock?: ReactNode;
  /** The `home-about` content block, after the products. */
  aboutBlock?: ReactNode;
  /** The Instagram feed block, last. */
  instagram?: ReactNode;
}

export function HomePage({ page, welcomeBlock, aboutBlock, instagram }: HomePageProps) {
  const { site, featured, listing, highlights } = page;
  const topCategories = site.categories.filter((c) => c.parent === null && c.count > 0);
  const arrivals = listing.products.slice(0, NEW_ARRIVALS);
  const sections: BulletSection[] = [
    { id: 'welcome', label: 'Welcome' },
    ...(topCategories.length > 0 ? [{ id: 'categories', label: 'Shop by category' }] : []),
    ...(featured.length > 0 ? [{ id: 'featured', label: 'Featured products' }] : []),
    ...(highlights.length > 0 ? [{ id: 'shoppers-say', label: SHOPPER_QUOTES_TITLE }] : []),
    ...(arrivals.length > 0 ? [{ id: 'new-in', label: 'New in' }] : []),
    ...(aboutBlock ? [{ id: 'home-about', label: page.blocks.about.title }] : []),
  ];

  return (
    <div className="home">
      <section id="welcome" className="hero" aria-labelledby="home-title">
        <Parallax layerClassName="hero__decor">
          <div className="container hero__inner">
            <p className="hero__eyebrow">{site.tagline}</p>
            <h1 id="home-title" className="hero__title">
              Welcome to {site.name}
            </h1>
            <p className="hero__lead">
              <CountUp value={listing.meta.total} /> products across {topCategories.length} {topCategories.length === 1 ? 'category' : 'categories'}, ready to ship.
            </p>
            <div className="hero__actions">
              <Link className="button button--primary button--large" to="/shop/">
                Shop all products
              </Link>
            </div>
          </div>
        </Parallax>
      </section>

      {welcomeBlock}

      {topCategories.length > 0 && (
        <section id="categories" className="container home-section" aria-labelledby="home-categories">
          <h2 id="home-categories" className="section-title">
            Shop by category
          </h2>
          <ul className="category-tiles">
            {topCategories.map((category) => (
              <li key={category.id}>
                <Link className="category-tile" to={category.url}>
                  <span className="category-tile__name">{category.name}</span>
                  <span className="category-tile__count">
                    {category.count} {category.count === 1 ? 'product' : 'products'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {featured.length > 0 && (
        <section id="featured" className="container home-section" aria-labelledby="home-featured">
          <h2 id="home-featured" className="section-title">
            Featured products
          </h2>
          <ProductGrid products={featured} columns={site.columns} headingLevel={3} eagerCount={site.columns} />
        </section>
      )}

      <ShopperQuotes highlights={highlights} id="shoppers-say" />

      {arrivals.length > 0 && (
        <section id="new-in" className="container home-section" aria-labelledby="home-new">
          <div className="section-heading">
            <h2 id="home-new" className="section-title">
              New in
            </h2>
            <Link className="text-link" to="/shop/">
              View all products
            </Link>
          </div>
          <ProductGrid products={arrivals} columns={site.columns} headingLevel={3} />
        </section>
      )}
      {aboutBlock}
      {instagram}
      {sections.length > 1 && <ScrollToBullets sections={sections} />}
    </div>
  );
}
