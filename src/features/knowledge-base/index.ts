// Public API of the knowledge-base feature: the Support Center's Knowledge Base tab. The public
// article pages are imported by their routes from ./components and ./data/public-loaders.ts
// directly, so that those pages load neither this tab nor the device database.
export { KnowledgeBaseTab, type KnowledgeBaseSection } from './components/KnowledgeBaseTab.tsx';
export type { ArticleListData, ArticlePageData } from './data/public-loaders.ts';
