// Which tabs of a class its reader gets (docs/classroom.md): everyone the overview; members
// (and teachers' graders) the people; teachers the gradebook; whoever may see the access
// code its tab; teachers the live view of the class at work.
import type { Class } from '../contract/classroom.ts';

export type ClassTab = 'overview' | 'people' | 'gradebook' | 'live' | 'access-code';

export function tabsFor(klass: Pick<Class, 'role' | 'permissions' | 'access_code'>): ClassTab[] {
  const tabs: ClassTab[] = ['overview'];
  if (klass.role !== 'none' || klass.permissions.grade) tabs.push('people');
  if (klass.permissions.grade) tabs.push('gradebook', 'live');
  if (klass.access_code !== null) tabs.push('access-code');
  return tabs;
}
