// What the comment views call on the student's live service, set by student-runtime.ts: kept
// apart so the app frame can draw the comments without loading the live service.
export const studentCommentActions: { resolve: ((id: string) => Promise<void>) | null } = {
  resolve: null,
};
