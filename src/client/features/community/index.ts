// What other features may use of community: they import it from here, never from its files (biome.json).

export { HIGHLIGHTS, HIGHLIGHTS_KEY, useBlocks, usePost, useSetBlock } from './api.ts'
export { CommentsSection } from './components/comments-section.tsx'
export { LikeButton } from './components/like-button.tsx'
export { MemberAvatar } from './components/member-avatar.tsx'
export { MoreMenu } from './components/more-menu.tsx'
export { PostAuthor } from './components/post-author.tsx'
export type { ReportSubject } from './components/report-launcher.tsx'
export { LazyReportDialog } from './components/report-launcher.tsx'
export { memberName } from './member-name.ts'
