// Lab and sharing screens (data log, classroom, remix, viewers): top bar without the
// program controls; the virtual board's column when it is in use.
import AppFrame from './AppFrame.tsx';

export default function LabLayout() {
  return <AppFrame variant="lab" />;
}
