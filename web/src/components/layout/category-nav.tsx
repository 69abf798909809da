//! The shop's category navigation for wide screens, built from `site.categories`: a bar whose
//! top-level categories with children open a dropdown (nav-dropdown.tsx). Small screens use the
//! sliding panels in the menu drawer (drawer-nav.tsx).

import { NavLink } from '@/lib/router';
import type { SiteCategoryView } from '@/lib/api/types';
import { NavDropdown } from './nav-dropdown';

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

/** A link inside a dropdown; deeper levels are listed under it, indented. */
function SubmenuItem({ node }: { node: CategoryNode }) {
  return (
    <li className="nav__item">
      <NavLink className="nav__link" to={node.url}>
        {node.name}
      </NavLink>
      {node.children.length > 0 && (
        <ul className="nav__nested">
          {node.children.map((child) => (
            <SubmenuItem key={child.id} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function CategoryNav({ categories, label }: { categories: SiteCategoryView[]; label: string }) {
  const tree = categoryTree(categories);
  return (
    <nav className="nav nav--bar" aria-label={label}>
      <ul className="nav__list">
        <li className="nav__item">
          <NavLink className="nav__link" to="/shop/">
            Shop
          </NavLink>
        </li>
        {tree.map((node) =>
          node.children.length > 0 ? (
            <NavDropdown key={node.id} name={node.name} url={node.url}>
              {node.children.map((child) => (
                <SubmenuItem key={child.id} node={child} />
              ))}
            </NavDropdown>
          ) : (
            <li key={node.id} className="nav__item">
              <NavLink className="nav__link" to={node.url}>
                {node.name}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
