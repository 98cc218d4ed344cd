// The runtime's ceiling: the least a worker can do. Every scenario is reported as a ratio to
// this one, measured in the same workerd process in the same run.
export default {
  fetch() {
    return new Response('ok');
  },
};
