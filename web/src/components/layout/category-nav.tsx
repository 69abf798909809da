//! The shop's category navigation, built from `site.categories`: a bar with dropdowns on wide
//! screens, a nested list in the menu drawer.

import { NavLink } from 'react-router';
import type { SiteCategoryView } from '@/lib/api/types';
import { ChevronDownIcon } from '../icons';

export interface CategoryNode extends SiteCategoryView {
  children: CategoryNode[];
}

/** Parents before children, in the order the server sent them. */
export function categoryTree(categories: SiteCategoryView[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(categories.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.id);
    if (!node) continue;
    const parent = category.parent === null ? undefined : nodes.get(category.parent);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

interface CategoryNavProps {
  categories: SiteCategoryView[];
  variant: 'bar' | 'drawer';
  label: string;
}

function Item({ node, variant }: { node: CategoryNode; variant: CategoryNavProps['variant'] }) {
  const hasChildren = node.children.length > 0;
  return (
    <li className={hasChildren ? 'nav__item nav__item--parent' : 'nav__item'}>
      <NavLink className="nav__link" to={node.url}>
        {node.name}
        {hasChildren && variant === 'bar' && <ChevronDownIcon />}
      </NavLink>
      {hasChildren && (
        <ul className="nav__submenu">
          {node.children.map((child) => (
            <Item key={child.id} node={child} variant={variant} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function CategoryNav({ categories, variant, label }: CategoryNavProps) {
  const tree = categoryTree(categories);
  return (
    <nav className={`nav nav--${variant}`} aria-label={label}>
      <ul className="nav__list">
        <li className="nav__item">
          <NavLink className="nav__link" to="/shop/">
            Shop
          </NavLink>
        </li>
        {tree.map((node) => (
          <Item key={node.id} node={node} variant={variant} />
        ))}
      </ul>
    </nav>
  );
}
