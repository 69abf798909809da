//! Shop-owner HTML (descriptions, notes) that the server has already sanitised.

export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
