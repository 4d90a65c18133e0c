/**
 * The contract between the list (which opens the details) and the details feature (which shows
 * them). Features never import each other; the exposed page puts the two together.
 */
export interface CustomerDetailsModalProps {
  customerId: number;
  open: boolean;
  /** Close was asked for (Close, Escape, the mask or the ×). */
  onClose: () => void;
  /** The closing animation is over: the modal can be unmounted. */
  afterClose: () => void;
}
