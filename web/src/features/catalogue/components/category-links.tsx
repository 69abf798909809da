//! Quick links to the categories below the one shown (top-level ones on the shop page).

import { NavLink } from '@/lib/router';
import type { SiteCategoryView } from '@/lib/api/types';

export function CategoryLinks({ categories, parentId }: { categories: SiteCategoryView[]; parentId: number | null }) {
  const shown = categories.filter((c) => c.parent === parentId && c.count > 0);
  if (shown.length === 0) return null;
  return (
    <nav className="category-links" aria-label="Browse categories">
      <ul>
        {shown.map((category) => (
          <li key={category.id}>
            <NavLink className="chip" to={category.url}>
              {category.name}
              <span className="chip__count">{category.count}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
