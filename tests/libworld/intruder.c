/// \file
/// A process of another job: it reads the UCX worker address of a world's
/// rank 0 (which wrote it to ORBIS_WORLD_ADDRESS_FILE), connects, and sends
/// a world store to element 0 of allocation 2 with a job token that is not
/// that world's. The world must reject it (tests/libworld/intruder.sh).
#include <ucp/api/ucp.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  static char address[65536];
  size_t length = fread(address, 1, sizeof address, f);
  fclose(f);

  ucp_config_t *config;
  ucp_context_h context;
  ucp_worker_h worker;
  ucp_ep_h ep;
  ucp_params_t params = {.field_mask = UCP_PARAM_FIELD_FEATURES,
                         .features = UCP_FEATURE_AM};
  ucp_worker_params_t wparams = {.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
                                 .thread_mode = UCS_THREAD_MODE_SINGLE};
  if (ucp_config_read(NULL, NULL, &config) != UCS_OK ||
      ucp_init(&params, config, &context) != UCS_OK ||
      ucp_worker_create(context, &wparams, &worker) != UCS_OK)
    return 3;
  ucp_config_release(config);
  ucp_ep_params_t eparams = {.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS,
                             .address = (const ucp_address_t *)address};
  (void)length;
  if (ucp_ep_create(worker, &eparams, &ep) != UCS_OK)
    return 4;

  // A foreign job token, then libworld's store header: from 0, allocation
  // 2, elements [0, 1).
  struct {
    uint64_t token;
    uint32_t from, id;
    uint64_t first, count;
  } header = {0x0123456789abcdefull, 0, 2, 0, 1};
  int value = 666;
  ucp_request_param_t rparams = {0};
  ucs_status_ptr_t req =
      ucp_am_send_nbx(ep, 1, &header, sizeof header, &value, sizeof value,
                      &rparams);
  if (UCS_PTR_IS_ERR(req))
    return 5;
  while (req && ucp_request_check_status(req) == UCS_INPROGRESS)
    ucp_worker_progress(worker);
  if (req)
    ucp_request_free(req);
  ucp_request_param_t cparams = {.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS,
                                 .flags = UCP_EP_CLOSE_FLAG_FORCE};
  req = ucp_ep_close_nbx(ep, &cparams);
  while (req && !UCS_PTR_IS_ERR(req) &&
         ucp_request_check_status(req) == UCS_INPROGRESS)
    ucp_worker_progress(worker);
  printf("intruder: sent\n");
  return 0;
}
