//! The shop's category navigation for wide screens, built from `site.categories`: a bar whose
//! top-level categories with children open a dropdown (nav-dropdown.tsx). Small screens use the
//! sliding panels in the menu drawer (drawer-nav.tsx). The dropdowns' code is a chunk asked for
//! when the pointer first comes over the bar or focus first enters it (ADR 0037); until then each
//! parent is drawn the same, closed (nav-dropdown-light.tsx), and the dropdowns take over with
//! the focus, a press made meanwhile and the mouse already over an item.

import { useId, useRef, useState } from 'react';
import { NavLink } from '@/lib/router';
import type { SiteCategoryView } from '@/lib/api/types';
import { chunk, type Chunk } from '@/lib/chunks';
import { useWakeOnUse } from '../on-demand';
import type { DropdownTakeOver } from './nav-dropdown';
import { LightDropdown, type LightSeen } from './nav-dropdown-light';

type DropdownModule = typeof import('./nav-dropdown');

const navDropdowns = chunk(() => import('./nav-dropdown'));

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

interface CategoryNavProps {
  categories: SiteCategoryView[];
  label: string;
  /** The dropdowns' chunk (tests hand in one they settle). */
  dropdowns?: Chunk<DropdownModule>;
}

export function CategoryNav({ categories, label, dropdowns = navDropdowns }: CategoryNavProps) {
  const tree = categoryTree(categories);
  // Each submenu's id, the same before and after the dropdowns take over (aria-controls).
  const menuIds = useId();
  const { module: arrived, wake } = useWakeOnUse(dropdowns);
  // A press that ended: the swap it held back may happen now.
  const [, rerender] = useState(0);
  const settle = () => {
    rerender((n) => n + 1);
    wake();
  };
  const seen = useRef<LightSeen>({ pressing: false, toggles: new Map() });
  const taken = useRef<Map<number, DropdownTakeOver> | null>(null);
  const NavDropdown = arrived && !seen.current.pressing ? arrived.NavDropdown : undefined;
  // The render that swaps: the light toggles are still in the document.
  if (NavDropdown && !taken.current && seen.current.toggles.size > 0) taken.current = takeOvers(seen.current);
  const onPointer = (event: { clientX: number; clientY: number }) => {
    seen.current.pointer = { x: event.clientX, y: event.clientY };
    wake();
  };
  return (
    <nav
      className="nav nav--bar"
      aria-label={label}
      data-dropdowns={NavDropdown ? 'live' : 'light'}
      onPointerEnter={NavDropdown ? undefined : onPointer}
      onPointerMove={NavDropdown ? undefined : onPointer}
      onPointerLeave={
        NavDropdown
          ? undefined
          : () => {
              seen.current.pointer = undefined;
            }
      }
      onFocus={NavDropdown ? undefined : wake}
    >
      <ul className="nav__list">
        <li className="nav__item">
          <NavLink className="nav__link" to="/shop/">
            Shop
          </NavLink>
        </li>
        {tree.map((node) =>
          node.children.length > 0 ? (
            NavDropdown ? (
              <NavDropdown key={node.id} name={node.name} url={node.url} menuId={`${menuIds}-${node.id}`} takeOver={taken.current?.get(node.id)}>
                <Submenu node={node} />
              </NavDropdown>
            ) : (
              <LightDropdown key={node.id} id={node.id} name={node.name} url={node.url} menuId={`${menuIds}-${node.id}`} seen={seen.current} wake={wake} settle={settle}>
                <Submenu node={node} />
              </LightDropdown>
            )
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

function Submenu({ node }: { node: CategoryNode }) {
  return node.children.map((child) => <SubmenuItem key={child.id} node={child} />);
}

/** Each light item's state at the swap: its toggle focused or pressed, the mouse over it. */
function takeOvers(seen: LightSeen): Map<number, DropdownTakeOver> {
  const result = new Map<number, DropdownTakeOver>();
  for (const [id, toggle] of seen.toggles) {
    const item = toggle.closest('li');
    const rect = item?.getBoundingClientRect();
    const { pointer } = seen;
    const over = pointer && rect && pointer.x >= rect.left && pointer.x <= rect.right && pointer.y >= rect.top && pointer.y <= rect.bottom;
    result.set(id, { focused: document.activeElement === toggle, pressed: seen.pressed === id, pointer: over ? pointer : undefined });
  }
  return result;
}
