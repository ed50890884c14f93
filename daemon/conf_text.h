/* conf_text.h - the commented config that `masqued init` writes. */
#ifndef MQ_CONF_TEXT_H
#define MQ_CONF_TEXT_H

extern const char mq_conf_default_text[];

#endif
