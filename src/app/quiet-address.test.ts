import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { drawQuietParamsInTransition, onlyQuietParamsChanged } from './quiet-address';

const at = (pathname: string, search: string) => ({
  pathname,
  search,
  hash: '',
  state: null,
  key: search,
});

describe('onlyQuietParamsChanged', () => {
  it('holds when only a quiet parameter was added, changed or removed', () => {
    const view = at('/tables/t1', '?sort=name');
    expect(onlyQuietParamsChanged(view, at('/tables/t1', '?sort=name&find=ha'), ['find'])).toBe(
      true,
    );
    expect(
      onlyQuietParamsChanged(
        at('/tables/t1', '?find=ha&sort=name'),
        at('/tables/t1', '?sort=name&find=haddad'),
        ['find'],
      ),
    ).toBe(true);
    expect(
      onlyQuietParamsChanged(at('/tables/t1', '?find=ha'), at('/tables/t1', ''), ['find']),
    ).toBe(true);
  });

  it('does not hold for another page, another parameter, or the same address', () => {
    const view = at('/tables/t1', '?find=ha');
    expect(onlyQuietParamsChanged(view, at('/tables/t2', '?find=had'), ['find'])).toBe(false);
    expect(onlyQuietParamsChanged(view, at('/tables/t1', '?find=ha&sort=name'), ['find'])).toBe(
      false,
    );
    expect(onlyQuietParamsChanged(view, at('/tables/t1', '?find=ha'), ['find'])).toBe(false);
  });
});

describe('drawQuietParamsInTransition', () => {
  function routerAt(path: string) {
    const calls: Array<{ search: string; inTransition: boolean }> = [];
    let transition = false;
    const router = drawQuietParamsInTransition(
      createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] }),
      ['find'],
      (update) => {
        transition = true;
        update();
        transition = false;
      },
    );
    router.subscribe((state) => {
      calls.push({ search: state.location.search, inTransition: transition });
    });
    return { router, calls };
  }

  it('tells a change of the find alone inside a transition, and every other change at once', async () => {
    const { router, calls } = routerAt('/tables/t1?sort=name');
    await router.navigate('/tables/t1?sort=name&find=haddad', { replace: true });
    await router.navigate('/tables/t1?sort=-name&find=haddad');
    await router.navigate('/tables/t2?sort=-name&find=haddad');
    await router.navigate('/tables/t2?sort=-name');
    expect(calls).toEqual([
      { search: '?sort=name&find=haddad', inTransition: true },
      { search: '?sort=-name&find=haddad', inTransition: false },
      { search: '?sort=-name&find=haddad', inTransition: false },
      { search: '?sort=-name', inTransition: true },
    ]);
    router.dispose();
  });

  it('leaves an update the router flushes synchronously as it is', async () => {
    const { router, calls } = routerAt('/tables/t1');
    await router.navigate('/tables/t1?find=ada', { flushSync: true });
    expect(calls).toEqual([{ search: '?find=ada', inTransition: false }]);
    router.dispose();
  });
});
