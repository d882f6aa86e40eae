// Public API of the cms feature: the Content Management page, for /admin/cms.
export { CmsPage } from './components/CmsPage.tsx';
