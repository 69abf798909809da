//! Shop-owner HTML (descriptions, notes, content blocks) that the server has already
//! sanitised with the shop's one rich-text policy (crates/vitrine-domain/src/rich_text.rs),
//! on import and again when the page is rendered. Never pass it anything else.

export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
