// The limits of training in the lab, apart from the trainer so the page's code does not pull
// in tfjs for them. Pure.

export const TM_MIN_CLASSES = 2;
export const TM_MAX_CLASSES = 6;
/** A class needs this many samples before Train (one of them is kept aside to test). */
export const TM_MIN_SAMPLES = 5;
/** The most samples a class keeps (about 20 s of holding Record). */
export const TM_MAX_SAMPLES = 200;

export type TmTrainErrorCode =
  'too-few-classes' | 'too-few-samples' | 'unnamed-class' | 'same-names' | 'train-failed';
