//! The menu drawer's navigation: one panel per level, side by side. Opening a submenu slides the
//! panels by 100 % per depth level (translateX(-100% × depth)) and marks the submenu panel with
//! the current-slide class; Back slides back, and the class comes off once the 300 ms slide has
//! finished (spec §4). Panels off to the side are inert: out of the tab order and the a11y tree.

import { useEffect, useRef, useState } from 'react';
import { NavLink } from '@/lib/router';
import type { SiteCategoryView } from '@/lib/api/types';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { categoryTree, type CategoryNode } from './category-nav';

export const SLIDE_MS = 300;
export const CURRENT_SLIDE_CLASS = 'is-current-slide';

interface DrawerNavProps {
  categories: SiteCategoryView[];
  label: string;
  /** False while the drawer is closed: it reopens at the first level. */
  open: boolean;
}

const panelId = (id: number) => `drawer-nav-panel-${id}`;
const toggleId = (id: number) => `drawer-nav-toggle-${id}`;
const backId = (id: number) => `drawer-nav-back-${id}`;

/** Every category with children, with its level (1 for a top-level category's submenu). */
function submenus(nodes: CategoryNode[], level = 1): { node: CategoryNode; level: number }[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [{ node, level }, ...submenus(node.children, level + 1)] : []));
}

export function DrawerNav({ categories, label, open }: DrawerNavProps) {
  const tree = categoryTree(categories);
  const [path, setPath] = useState<number[]>([]);
  const [leaving, setLeaving] = useState<number | null>(null);
  const focusNext = useRef<string | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const depth = path.length;

  const clearLeaving = () => {
    if (leaveTimer.current !== null) clearTimeout(leaveTimer.current);
    leaveTimer.current = null;
    setLeaving(null);
  };

  useEffect(() => {
    if (open) return;
    clearLeaving();
    setPath([]);
  }, [open]);
  useEffect(() => () => clearLeaving(), []);

  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [path]);

  const openSubmenu = (node: CategoryNode) => {
    if (leaving === node.id) clearLeaving();
    focusNext.current = backId(node.id);
    setPath((current) => [...current, node.id]);
  };

  const back = () => {
    const closing = path[path.length - 1];
    if (closing === undefined) return;
    clearLeaving();
    setLeaving(closing);
    leaveTimer.current = setTimeout(() => {
      leaveTimer.current = null;
      setLeaving(null);
    }, SLIDE_MS);
    focusNext.current = toggleId(closing);
    setPath((current) => current.slice(0, -1));
  };

  const items = (nodes: CategoryNode[]) =>
    nodes.map((node) => (
      <li key={node.id} className="drawer-nav__item">
        <NavLink className="drawer-nav__link" to={node.url}>
          {node.name}
        </NavLink>
        {node.children.length > 0 && (
          <button
            id={toggleId(node.id)}
            type="button"
            className="drawer-nav__toggle"
            aria-expanded={path.includes(node.id)}
            aria-controls={panelId(node.id)}
            onClick={() => openSubmenu(node)}
          >
            <ChevronRightIcon />
            <span className="sr-only">{node.name} submenu</span>
          </button>
        )}
      </li>
    ));

  return (
    <nav className="drawer-nav" aria-label={label}>
      <div className="drawer-nav__track" style={{ transform: `translateX(${-100 * depth}%)` }}>
        <div className="drawer-nav__panel" style={{ gridColumn: 1 }} inert={depth !== 0}>
          <ul className="drawer-nav__list">
            <li className="drawer-nav__item">
              <NavLink className="drawer-nav__link" to="/shop/">
                Shop
              </NavLink>
            </li>
            {items(tree)}
          </ul>
        </div>
        {submenus(tree).map(({ node, level }) => {
          const current = path.includes(node.id) || leaving === node.id;
          return (
            <div
              key={node.id}
              id={panelId(node.id)}
              className={current ? `drawer-nav__panel ${CURRENT_SLIDE_CLASS}` : 'drawer-nav__panel'}
              style={{ gridColumn: level + 1 }}
              inert={!current || level !== depth}
              aria-label={node.name}
              role="group"
            >
              <button id={backId(node.id)} type="button" className="drawer-nav__back" onClick={back}>
                <ChevronLeftIcon />
                Back
              </button>
              <p className="drawer-nav__heading" aria-hidden="true">
                {node.name}
              </p>
              <ul className="drawer-nav__list">{items(node.children)}</ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
