// What the student's live views (comments, hands up) call on the student's live service, set
// by student-runtime.ts: kept apart so the app frame and the lesson pane draw them without
// loading the live service, and the service (which registers the lesson pane) imports no view.
export const studentLiveActions: {
  resolve: ((id: string) => Promise<void>) | null;
  raiseHand: ((up: boolean) => Promise<void>) | null;
} = {
  resolve: null,
  raiseHand: null,
};
