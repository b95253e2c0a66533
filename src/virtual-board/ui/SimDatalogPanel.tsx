// The virtual board's data log in the simulator panel: how many records it holds, a
// generator that adds N records (tests and demos), and a clear button.
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { getSimHost } from '../host/sim-host.ts';
import { MAX_SIM_RECORDS, type SimDatalogInfo } from '../board/sim-datalog.ts';
import SimTitledSection from './SimTitledSection.tsx';

export default function SimDatalogPanel({ info }: { info: SimDatalogInfo }) {
  const { t, i18n } = useTranslation('datalog');
  const host = getSimHost();
  const [count, setCount] = useState(1000);
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_SIM_RECORDS;
  return (
    <SimTitledSection
      titleId="sim-datalog-title"
      title={t('datalog:sim.title')}
      testId="sim-datalog"
      className="sim-section"
    >
      <p className="small mb-1" data-testid="sim-datalog-records">
        {t('datalog:sim.records', { records: info.records.toLocaleString(i18n.language) })}
        {info.readPercent !== null &&
          ` · ${t('datalog:sim.reading', { percent: String(Math.floor(info.readPercent)) })}`}
      </p>
      <Form
        className="d-flex gap-1 align-items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) void host.fillDatalog(count);
        }}
      >
        <Form.Group controlId="sim-datalog-count">
          <Form.Label className="small mb-0">{t('datalog:sim.generate')}</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            max={MAX_SIM_RECORDS}
            value={Number.isNaN(count) ? '' : count}
            isInvalid={!valid}
            onChange={(e) => setCount(Math.floor(Number(e.target.value)))}
          />
        </Form.Group>
        <Button size="sm" type="submit" disabled={!valid} data-testid="sim-datalog-fill">
          {t('datalog:sim.fill')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => void host.clearDatalog()}
          data-testid="sim-datalog-clear"
        >
          {t('datalog:sim.clear')}
        </Button>
      </Form>
    </SimTitledSection>
  );
}
