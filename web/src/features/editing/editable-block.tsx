//! A content block (ADR 0010): its title as a heading and its sanitised HTML. Users with
//! `edit_pages` also get "Edit {title}" (page builder and backend links), and with
//! `?builder={slug}` in the URL the block becomes its own in-place editor. Visitors get the
//! plain block whatever the URL says, and nothing in it moves for them. The editing controls'
//! code is a chunk loaded for editors only.

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useSearchParams } from '@/lib/router';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { RichText } from '@/components/rich-text';
import type { BlockView } from '@/lib/api/types';
import { chunk } from '@/lib/chunks';
import { useEditing } from './editing-context';
import { BUILDER_PARAM } from './builder-param';

const controls = chunk(() => import('./editing-controls'));
const EditBlockControl = onDemand(controls, (module) => module.EditBlockControl);
const BlockBuilder = onDemand(controls, (module) => module.BlockBuilder);

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
type BlockElement = 'section' | 'article' | 'aside' | 'div';

export interface EditableBlockProps {
  block: BlockView;
  /** The element around the block (default section, named by its heading). */
  as?: BlockElement;
  /** Default 2. */
  headingLevel?: HeadingLevel;
  id?: string;
  className?: string;
  headingClassName?: string;
  bodyClassName?: string;
  /** After the body (a call to action, say); not part of what is edited. */
  children?: ReactNode;
}

export function EditableBlock({ block: given, as: Tag = 'section', headingLevel = 2, id, className, headingClassName, bodyClassName, children }: EditableBlockProps) {
  const { canEdit, latest } = useEditing();
  const [params, setParams] = useSearchParams();
  const headingId = `${useId()}-title`;
  const block = latest(given);
  const building = canEdit && params.get(BUILDER_PARAM) === block.slug;
  const editButton = useRef<HTMLButtonElement>(null);
  const wasBuilding = useRef(building);

  // Leaving the builder removes the focused control: continue from the block's edit button.
  useEffect(() => {
    const left = wasBuilding.current && !building;
    wasBuilding.current = building;
    const active = document.activeElement;
    if (left && (!active || active === document.body || !active.isConnected)) editButton.current?.focus();
  }, [building]);

  const exit = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(BUILDER_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  const Heading = `h${headingLevel}` as const;
  const classes = ['editable-block', canEdit && 'editable-block--editable', building && 'editable-block--building', className].filter(Boolean).join(' ');
  // A div has no role to name; the landmark elements are named by their heading.
  const labelled = Tag === 'div' ? undefined : headingId;

  return (
    <Tag id={id} className={classes} aria-labelledby={labelled} data-block={block.slug}>
      <Heading id={headingId} className={headingClassName}>
        {block.title}
      </Heading>
      {canEdit && !building && (
        <ChunkBoundary>
          <EditBlockControl block={block} buttonRef={editButton} />
        </ChunkBoundary>
      )}
      <RichText html={block.body_html} className={bodyClassName} />
      {children}
      {building && (
        <ChunkBoundary key={block.slug}>
          <BlockBuilder block={block} onExit={exit} />
        </ChunkBoundary>
      )}
    </Tag>
  );
}
